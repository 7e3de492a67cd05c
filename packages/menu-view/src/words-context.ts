import { createContext, useContext } from 'react';
import { englishWords, type MenuWords } from './texts.ts';

/** The page's words (issue 24): PublicMenuApp provides them in the served language. */
export const WordsContext = createContext<MenuWords>(englishWords);

export const useWords = (): MenuWords => useContext(WordsContext);
