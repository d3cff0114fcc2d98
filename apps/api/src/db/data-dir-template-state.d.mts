export declare const TEMPLATE_DIR: string;
export declare const TEMPLATE_MANIFEST: string;
export interface TemplateFingerprint {
  pglite: string;
  migrations: string;
}
export declare function templateFingerprint(): TemplateFingerprint;
export declare function templateIsCurrent(): boolean;
