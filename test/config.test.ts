/**
 * The config search: cosmiconfig and zod load only when a file may be there (config.ts decides
 * without them), so that shortcut must look everywhere cosmiconfig looks, or a config would be missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDefaultSearchPlaces } from 'cosmiconfig';
import { afterEach, describe, expect, it } from 'vitest';
import { META_PLACES, SEARCH_PLACES, configMayExist, loadConfig } from '../src/config.js';

const made: string[] = [];
function project(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-config-')));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.REDUCE_CONFIG;
});

/** A config in the format a search place's name asks for, setting budget: concise. */
function configText(place: string): string {
  if (place === 'package.json') return JSON.stringify({ name: 'x', reducer: { budget: 'concise' } });
  if (/\.(c?js|mjs|ts)$/.test(place)) return place.endsWith('.cjs') ? 'module.exports = { budget: "concise" };\n' : 'export default { budget: "concise" };\n';
  if (place.endsWith('.json')) return '{ "budget": "concise" }\n';
  return 'budget: concise\n'; // YAML, and the extensionless rc files
}

describe('config search', () => {
  it('has the search places of cosmiconfig 9 for the name reducer', () => {
    expect(SEARCH_PLACES).toEqual(getDefaultSearchPlaces('reducer'));
    expect(META_PLACES).toEqual(expect.arrayContaining(['package.json', 'package.yaml', '.config/config.json', '.config/config.yaml']));
  });

  it('finds a config at every search place, in the folder and below it', async () => {
    for (const place of SEARCH_PLACES.filter((p) => !p.endsWith('.ts'))) {
      const dir = project({ [place]: configText(place), 'sub/deeper/.keep': '' });
      for (const cwd of [dir, path.join(dir, 'sub/deeper')]) {
        expect(configMayExist(cwd), place).toBe(true);
        const config = await loadConfig(cwd);
        expect(config.file, place).toBe(path.join(dir, place));
        expect(config.budget, place).toBe('concise');
      }
    }
  });

  it('a .ts config is seen (cosmiconfig decides how to load it)', () => {
    expect(configMayExist(project({ 'reducer.config.ts': 'export default {};\n' }))).toBe(true);
    expect(configMayExist(project({ '.config/reducerrc.ts': 'export default {};\n' }))).toBe(true);
  });

  it('nothing to find: no cosmiconfig, the defaults', async () => {
    const dir = project({ 'package.json': '{"name":"x"}', 'sub/.keep': '' });
    expect(configMayExist(path.join(dir, 'sub'))).toBe(false);
    expect((await loadConfig(path.join(dir, 'sub'))).file).toBeNull();
  });

  it('stops where cosmiconfig stops: at the first folder with a package.json or package.yaml', async () => {
    for (const marker of ['package.json', 'package.yaml']) {
      const dir = project({ '.reducerrc': 'budget: concise\n', [`app/${marker}`]: marker.endsWith('json') ? '{"name":"app"}' : 'name: app\n', 'app/src/.keep': '' });
      const cwd = path.join(dir, 'app/src');
      const config = await loadConfig(cwd);
      expect(config.file, marker).toBeNull();
    }
  });

  it("a package.json that does not parse or has cosmiconfig's own settings goes to cosmiconfig", async () => {
    const broken = project({ 'package.json': '{ not json' });
    expect(configMayExist(broken)).toBe(true);
    const config = await loadConfig(broken);
    expect(config.file).toBeNull();
    expect(config.warnings.join('\n')).toMatch(/package\.json/);
    const here = process.cwd();
    const meta = project({ '.config/config.json': JSON.stringify({ cosmiconfig: { searchPlaces: ['settings/reducer.json'] } }), 'settings/reducer.json': '{ "budget": "verbose" }' });
    process.chdir(meta);
    try {
      expect(configMayExist(meta)).toBe(true);
      expect((await loadConfig(meta)).budget).toBe('verbose');
    } finally {
      process.chdir(here);
    }
  });

  it('a file named by REDUCE_CONFIG is loaded without a search, and must load', async () => {
    const dir = project({ 'elsewhere/cfg.json': '{ "budget": "verbose" }', '.reducerrc': 'budget: concise\n', 'bad.json': '{ "budget": "huge" }' });
    process.env.REDUCE_CONFIG = path.join(dir, 'elsewhere/cfg.json');
    expect((await loadConfig(dir)).budget).toBe('verbose');
    expect((await loadConfig(dir, path.join(dir, '.reducerrc'))).budget).toBe('concise'); // --config wins
    process.env.REDUCE_CONFIG = path.join(dir, 'bad.json');
    await expect(loadConfig(dir)).rejects.toThrow(/bad config .*bad\.json: key 'budget'/);
  });
});
