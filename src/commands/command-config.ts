import { loadConfig, type Config } from '../config.js';
import { checkExistingStore, resolveOutputsDir } from '../store/outputs-dir.js';

/** The config for a command run in the working folder; files that could not be used are named on stderr. */
export async function commandConfig(explicitFile: string | undefined): Promise<Config> {
  const config = await loadConfig(process.cwd(), explicitFile);
  for (const warning of config.warnings) process.stderr.write(warning + '\n');
  return config;
}

/** The outputs directory inspect, list and gc read, refused (exit 2) when others could have written to it. */
export function storeToRead(flagged: string | undefined, config: Config): string {
  const dir = resolveOutputsDir(flagged ?? config.outputs, process.cwd());
  checkExistingStore(dir);
  return dir;
}
