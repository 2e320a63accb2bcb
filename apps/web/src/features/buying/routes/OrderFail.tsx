export { OrderFail as Component } from './Simple.tsx';
