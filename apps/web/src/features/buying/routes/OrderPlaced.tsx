export { OrderPlaced as Component } from './Simple.tsx';
