// @ts-check
// Addresses set once for the whole app. The page requests nothing from them: the
// about panel only links there, and the player's browser opens the link.

// Where players report a problem or suggest an idea (the repository's issues).
export const ISSUES_URL = "https://github.com/cloverleaf-solitaire/cloverleaf/issues";
