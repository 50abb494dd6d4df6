// Preloaded into a CLI run by tests: at exit, writes the Node built-ins the process loaded to $REPORT_BUILTINS.
process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.REPORT_BUILTINS, process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join('\n'));
});
