import sharp from 'sharp';
import type { TestShop } from './harness.ts';

/** A `multipart/form-data` body with one file field, as a phone's browser sends it. */
export function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A real photo (a gradient, so it is not one flat colour) carrying EXIF that names a place. */
export async function photo(width = 1200, height = 900, colour = '#2c7be5'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4d35e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="40" y="120" font-size="80">ID</text></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'GPS 11.5564N 104.9282E' } })
    .toBuffer();
}

/** Uploads `content` to `path` (`/v1/upload/pictureofclient` or `/v1/upload/tmp`) as the shopper. */
export async function upload(
  shop: TestShop,
  path: string,
  token: string | undefined,
  content: Buffer,
  language = 'en-US',
) {
  const body = multipart('file', 'photo.jpg', content, 'image/jpeg');
  const response = await shop.app.inject({
    method: 'POST',
    url: path,
    query: token ? { token } : {},
    headers: { 'content-type': body.contentType, apptype: 'h5', appversion: '1', language },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as { code: string; msg: string; data: any } };
}
