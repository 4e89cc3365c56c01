/** The page's language, for any component below the app's provider (English without one). */
import { createContext, useContext } from 'react';
import { DEFAULT_LANG, type Lang } from './lang';

export const LangContext = createContext<Lang>(DEFAULT_LANG);

export function useLang(): Lang {
  return useContext(LangContext);
}
