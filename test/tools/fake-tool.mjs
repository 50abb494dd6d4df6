#!/usr/bin/env node
// A fake tool for subprocess tests. usage: fake-tool.mjs <action> [args]
//   print <text> [code]      print text to stdout, exit with code
//   mixed                    interleave stdout and stderr, ANSI included, exit 3
//   flood <bytes>            one line of <bytes> x's without a newline
//   lines <n>                n numbered lines
//   binary                   bytes 0..255 four times
//   hang                     print a line, then wait for a signal; on SIGTERM/SIGINT print and exit 130/143
//   ignore-term              ignore SIGTERM (for --timeout's SIGKILL), print, wait
//   kill-self <signal>       print a line, then kill itself with the signal
//   echo-stdin               copy stdin to stdout
//   stderr-flood <bytes> [code]  about <bytes> of log lines (some errors) on stderr, exit with code
//   both-flood <bytes> [code]    the same lines, alternating between stdout and stderr
const [action, arg, arg2] = process.argv.slice(2);
const out = (s) => process.stdout.write(s);
switch (action) {
  case 'print':
    out(arg ?? '');
    process.exitCode = Number(arg2 ?? 0);
    break;
  case 'mixed':
    out('\x1b[32mok\x1b[0m line 1\n');
    process.stderr.write('warning: something\n');
    out('line 2\nerror: it broke\n');
    process.stderr.write('fatal: giving up\n');
    process.exitCode = 3;
    break;
  case 'flood': {
    const total = Number(arg);
    const chunk = Buffer.alloc(1 << 20, 'x');
    let left = total;
    const write = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!process.stdout.write(piece)) return process.stdout.once('drain', write);
      }
    };
    write();
    break;
  }
  case 'lines':
    for (let i = 1; i <= Number(arg); i++) out(`line ${i}\n`);
    break;
  case 'binary': {
    const b = Buffer.alloc(1024);
    for (let i = 0; i < 1024; i++) b[i] = i % 256;
    out(b);
    break;
  }
  case 'hang':
    // The handlers first: a test sends its signal as soon as it sees `started`.
    process.on('SIGTERM', () => { out('got SIGTERM\n'); process.exit(143); });
    process.on('SIGINT', () => { out('got SIGINT\n'); process.exit(130); });
    out('started\n');
    setInterval(() => {}, 1000);
    break;
  case 'ignore-term':
    process.on('SIGTERM', () => out('ignoring SIGTERM\n'));
    out('started\n');
    setInterval(() => {}, 1000);
    break;
  case 'kill-self':
    process.stdout.write('about to die\n', () => process.kill(process.pid, arg));
    setInterval(() => {}, 1000);
    break;
  case 'echo-stdin':
    process.stdin.pipe(process.stdout);
    break;
  case 'stderr-flood':
  case 'both-flood': {
    const total = Number(arg);
    let n = 0;
    let written = 0;
    const line = () => {
      n++;
      return n % 499 === 0 ? `ERROR job ${n} failed: connection refused (attempt ${n % 7})\n` : n % 97 === 0 ? `WARN job ${n} slow: ${n % 900}ms\n` : `INFO job ${n} done in ${n % 90}ms\n`;
    };
    const write = () => {
      while (written < total) {
        const text = line();
        written += text.length;
        const sink = action === 'both-flood' && n % 2 === 0 ? process.stdout : process.stderr;
        if (!sink.write(text)) return sink.once('drain', write);
      }
      process.exitCode = Number(arg2 ?? 0);
    };
    write();
    break;
  }
  default:
    process.stderr.write(`fake-tool: unknown action ${action}\n`);
    process.exitCode = 2;
}
