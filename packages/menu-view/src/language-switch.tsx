/** @jsxRuntime automatic @jsxImportSource react */
import { isRightToLeft, nativeLanguageName } from '@carte/domain';
import type { Page } from './page.ts';
import { languageHref } from './urls.ts';
import { useWords } from './words-context.ts';

/**
 * The language switch (issue 24 §5): the restaurant's languages, each named in itself, as plain
 * links to the same screen with `?lang=` (they work without JavaScript and keep the diner's choice
 * in every link of the next page). Shown only when the restaurant offers more than one language.
 */
export function LanguageSwitch(props: { page: Page }) {
  const words = useWords();
  const { page } = props;
  const language = page.data.language;
  if (!language || language.others.length === 0 || !page.view) return null;
  const view = page.view;
  const tags = [language.default, ...language.others];
  return (
    <nav className="cm-langs" aria-label={words.language}>
      <ul>
        {tags.map((tag) => (
          <li key={tag}>
            <a
              href={languageHref(view, page.links, tag, page.filters)}
              hrefLang={tag}
              lang={tag}
              dir={isRightToLeft(tag) ? 'rtl' : undefined}
              aria-current={tag === language.served ? 'true' : undefined}
            >
              {nativeLanguageName(tag)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
