/** What other modules may import from the catalogue besides its service (reached through `Services`). */
export { REVIEW_TEXTS } from './demo-data.ts';
export { random } from './seed.ts';
export { type CatalogueService, imageUrl } from './service.ts';
export type { LocalizedText } from './types.ts';
