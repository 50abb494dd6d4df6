/**
 * import() of what loads at run time from outside the bundle (a JavaScript config file, the shell
 * parser). Inside the CommonJS bundle that cli.ts runs with V8's code cache, import() has no loader
 * in Node 20 (a script compiled from a cache loses it), so the ES module entry lends its own.
 */
type Importer = (specifier: string) => Promise<unknown>;

let importer: Importer = (specifier) => import(specifier);

export function setImporter(fn: Importer): void {
  importer = fn;
}

export function importModule<T>(specifier: string): Promise<T> {
  return importer(specifier) as Promise<T>;
}
