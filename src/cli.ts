// Placeholder entry point until the commands land; replaced in the next commit.
process.stdout.write('reduce 0.1.0\n');
