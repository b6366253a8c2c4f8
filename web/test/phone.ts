/**
 * Pretends the screen is a phone for a DOM test: every `max-width` media query matches (the
 * lists turn to cards, the sidebar folds). Returns what puts the real matchMedia back.
 */
export function pretendPhone(): () => void {
  const real = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = real;
  };
}
