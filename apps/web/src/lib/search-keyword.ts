import { useEffect, useState } from 'react';

/**
 * A search box's keyword as a remote search uses it: trimmed, and following the typing only after a
 * pause (`delay` ms), so that a select searching the server asks once per word, not once per key.
 * Returns the keyword and the setter to give the box's onSearch.
 */
export function useSearchKeyword(delay = 300): [string, (typed: string) => void] {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setKeyword(typed.trim()), delay);
    return () => clearTimeout(t);
  }, [typed, delay]);
  return [keyword, setTyped];
}
