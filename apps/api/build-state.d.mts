export declare const REPO_ROOT: string;
export declare const BUNDLES_DIR: string;
export declare const CURRENT_BUNDLE: string;
export declare const BUILD_INFO: string;
export declare const BUILD_CONFIG_FILES: readonly string[];
export declare function currentBundleDir(pointer?: string): string | undefined;
export declare function bundleIsFresh(dir?: string, root?: string): boolean;
export declare function freshBundledEntry(name: 'main' | 'worker' | 'cli'): string | undefined;
