/** The shell's texts of this language (translation.json), one chunk: what the sign-in page needs. */
export default import.meta.glob<Record<string, unknown>>('../../../locales/de/translation.json', { eager: true, import: 'default' });
