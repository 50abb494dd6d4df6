import { loadConfig, type Config } from '../config.js';

/** The config for a command run in the working folder; files that could not be used are named on stderr. */
export async function commandConfig(explicitFile: string | undefined): Promise<Config> {
  const config = await loadConfig(process.cwd(), explicitFile);
  for (const warning of config.warnings) process.stderr.write(warning + '\n');
  return config;
}
