import type { ErrorEntry } from './types.ts';

/** The yingxin car loan (loans/car.ts); the borrower's age, income and residence use LOAN000x. */
export const carLoanErrors = {
  CAR00001: {
    'en-US': 'Enter your full name as written on your ID card',
    chs: '请按身份证填写您的全名',
    kh: 'សូមបញ្ចូលឈ្មោះពេញរបស់អ្នកដូចនៅលើអត្តសញ្ញាណប័ណ្ណ',
  },
  CAR00002: {
    'en-US': 'Enter your national ID number (6 to 20 letters or digits)',
    chs: '请输入您的身份证号码（6 至 20 位字母或数字）',
    kh: 'សូមបញ្ចូលលេខអត្តសញ្ញាណប័ណ្ណរបស់អ្នក (អក្សរ ឬលេខ 6 ដល់ 20)',
  },
  CAR00003: {
    'en-US': 'Enter your address: house, street, commune, district and province',
    chs: '请填写您的地址：门牌、街道、乡、区和省',
    kh: 'សូមបញ្ចូលអាសយដ្ឋានរបស់អ្នក៖ ផ្ទះ ផ្លូវ ឃុំ ស្រុក និងខេត្ត',
  },
  CAR00004: {
    'en-US': 'Enter your occupation and employer',
    chs: '请填写您的职业和工作单位',
    kh: 'សូមបញ្ចូលមុខរបរ និងនិយោជករបស់អ្នក',
  },
  CAR00005: {
    'en-US': 'Enter a reference person’s name and Cambodian phone number (e.g. 012 345 678)',
    chs: '请填写联系人的姓名和柬埔寨电话号码（例如 012 345 678）',
    kh: 'សូមបញ្ចូលឈ្មោះ និងលេខទូរស័ព្ទកម្ពុជារបស់អ្នកធានា (ឧ. 012 345 678)',
  },
  CAR00006: {
    'en-US': 'A car loan is between USD {min} and USD {max}',
    chs: '汽车贷款金额须在 {min} 至 {max} 美元之间',
    kh: 'ប្រាក់កម្ចីរថយន្តត្រូវនៅចន្លោះ {min} ដល់ {max} ដុល្លារ',
  },
  CAR00007: {
    'en-US': 'Choose a term of {choices} months',
    chs: '请选择 {choices} 个月的期限',
    kh: 'សូមជ្រើសរើសរយៈពេល {choices} ខែ',
  },
  CAR00008: {
    'en-US': 'Enter the car’s brand',
    chs: '请填写汽车品牌',
    kh: 'សូមបញ្ចូលម៉ាករថយន្ត',
  },
  CAR00009: {
    'en-US': 'Enter the car’s model',
    chs: '请填写汽车型号',
    kh: 'សូមបញ្ចូលម៉ូដែលរថយន្ត',
  },
  CAR00010: {
    'en-US': 'The car must be made between {min} and {max} (at most 15 years old)',
    chs: '汽车须为 {min} 至 {max} 年生产（车龄不超过 15 年）',
    kh: 'រថយន្តត្រូវផលិតនៅចន្លោះឆ្នាំ {min} ដល់ {max} (អាយុមិនលើស 15 ឆ្នាំ)',
  },
  CAR00011: {
    'en-US': 'Enter the plate number like 2AB-1234',
    chs: '请按 2AB-1234 的格式填写车牌号',
    kh: 'សូមបញ្ចូលផ្លាកលេខដូចជា 2AB-1234',
  },
  CAR00012: {
    'en-US': 'Enter the car’s colour',
    chs: '请填写汽车颜色',
    kh: 'សូមបញ្ចូលពណ៌រថយន្ត',
  },
  CAR00013: {
    'en-US': 'Enter the mileage in km (0 to 1,000,000)',
    chs: '请填写行驶里程（0 至 1,000,000 公里）',
    kh: 'សូមបញ្ចូលចម្ងាយបើកបរជាគីឡូម៉ែត្រ (0 ដល់ 1,000,000)',
  },
  CAR00014: {
    'en-US': 'Enter the 17-character chassis number (VIN) from the registration card',
    chs: '请填写行驶证上的 17 位车架号（VIN）',
    kh: 'សូមបញ្ចូលលេខតួរថយន្ត (VIN) 17 ខ្ទង់ពីកាតគ្រីរថយន្ត',
  },
  CAR00015: {
    'en-US': 'Enter the car’s value, from USD {min} to USD {max}',
    chs: '请填写汽车估值，{min} 至 {max} 美元',
    kh: 'សូមបញ្ចូលតម្លៃរថយន្ត ពី {min} ដល់ {max} ដុល្លារ',
  },
  CAR00016: {
    'en-US': 'The loan may be at most 70% of the car’s value: USD {max} for this car',
    chs: '贷款金额最多为汽车估值的 70%：此车最多 {max} 美元',
    kh: 'ប្រាក់កម្ចីអាចមានយ៉ាងច្រើន 70% នៃតម្លៃរថយន្ត៖ {max} ដុល្លារ សម្រាប់រថយន្តនេះ',
  },
  CAR00017: {
    'en-US': 'The car must be registered in your own name',
    chs: '汽车须登记在您本人名下',
    kh: 'រថយន្តត្រូវតែចុះបញ្ជីក្នុងឈ្មោះអ្នកផ្ទាល់',
  },
  CAR00018: {
    'en-US': 'Please add every required picture of the car and its papers ({count} missing)',
    chs: '请上传汽车及其证件的全部必需照片（缺少 {count} 张）',
    kh: 'សូមបន្ថែមរូបថតចាំបាច់ទាំងអស់នៃរថយន្ត និងឯកសាររបស់វា (ខ្វះ {count})',
  },
  CAR00019: {
    'en-US': 'Please confirm your information and agree to send it to the lender',
    chs: '请确认您的信息并同意将其发送给贷款方',
    kh: 'សូមបញ្ជាក់ព័ត៌មានរបស់អ្នក និងយល់ព្រមផ្ញើវាទៅអ្នកផ្តល់ប្រាក់កម្ចី',
  },
  CAR00020: {
    'en-US': 'You already have a car loan application under review',
    chs: '您已有一份正在审核的汽车贷款申请',
    kh: 'អ្នកមានពាក្យស្នើសុំប្រាក់កម្ចីរថយន្តមួយកំពុងត្រួតពិនិត្យរួចហើយ',
  },
  CAR00021: {
    'en-US': 'The car loan application does not exist',
    chs: '该汽车贷款申请不存在',
    kh: 'ពាក្យស្នើសុំប្រាក់កម្ចីរថយន្តនេះមិនមានទេ',
  },
  CAR00022: {
    'en-US': 'This application has been sent to the lender and can no longer be changed',
    chs: '该申请已提交给贷款方，无法再修改',
    kh: 'ពាក្យស្នើសុំនេះត្រូវបានផ្ញើទៅអ្នកផ្តល់ប្រាក់កម្ចីហើយ មិនអាចកែប្រែបានទៀតទេ',
  },
  CAR00023: {
    'en-US': 'Please complete page {step} of the application first',
    chs: '请先填写申请的第 {step} 页',
    kh: 'សូមបំពេញទំព័រទី {step} នៃពាក្យស្នើសុំជាមុនសិន',
  },
  CAR00024: {
    'en-US': 'The car {plate} is already pledged for a car loan under review or approved: one car secures one loan',
    chs: '车牌为 {plate} 的汽车已用于一笔审核中或已批准的汽车贷款：一辆车只能担保一笔贷款',
    kh: 'រថយន្ត {plate} ត្រូវបានដាក់បញ្ចាំសម្រាប់ប្រាក់កម្ចីរថយន្តដែលកំពុងត្រួតពិនិត្យ ឬបានអនុម័តរួចហើយ៖ រថយន្តមួយធានាប្រាក់កម្ចីមួយ',
  },
} satisfies Record<string, ErrorEntry>;
