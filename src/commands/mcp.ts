import { Command } from 'commander';

/** `reduce mcp`: the MCP server. The SDK loads only when this runs, so `reduce -- cmd` never pays for it. */
export function mcpCommand(version: string): Command {
  return new Command('mcp')
    .description('serve reduce_run, reduce_inspect, reduce_search and reduce_text as an MCP server on stdio')
    .addHelpText('after', '\nRegister it:\n  claude mcp add reduce -- reduce mcp\n  codex mcp add reduce -- reduce mcp       ([mcp_servers.reduce] in ~/.codex/config.toml)')
    .action(async () => {
      const { serveStdio } = await import('../integrations/mcp/server.js');
      await serveStdio({ version });
    });
}
