// What scripts/package.py writes into dist/js/build-info.js, for the type checker
// (tsconfig.json's rootDirs makes web/js/*.js see it as ./build-info.js).
export const APP_VERSION: string;
export const PYODIDE_VERSION: string;
export const PYODIDE_DIR: string;
export const PACKAGE_ZIP: string;
export const BUILD_HASH: string;
export const SNAPSHOT: string;
export const EXTRACT_DIR: string;
