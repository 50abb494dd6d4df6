#!/usr/bin/env node
require('../dist/bundle/cli.cjs');
