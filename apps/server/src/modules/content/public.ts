/**
 * What other modules may use of content (docs/content.md): `services.content.provide(key, text)`
 * puts a product line's document in place once (its seed), `services.content.read(key, language)`
 * reads one in a language. Keys are `<line>.<name>`: `bongloy.faq`, `kmf.aboutUs`, `page.UPIcashback`.
 */
export type { ContentService, ContentText } from './service.ts';
