/** What detection reads of `apt`, loaded on every run; the body (./apt.ts) loads only when it is chosen. */
import type { ReducerClaims } from '../../core/types.js';

export const CONTENT = /^(?:Reading package lists\.\.\.|Building dependency tree\.\.\.|E: Unable to locate package |\d+ upgraded, \d+ newly installed|Hit:\d+ https?:|Get:\d+ https?:|Setting up \S+ \()/m;

export const aptClaims: ReducerClaims = {
  name: 'apt',
  family: 'apt',
  claims: ['apt-get install', 'apt-get update', 'apt-get upgrade', 'apt-get dist-upgrade', 'apt-get remove', 'apt-get purge', 'apt-get autoremove', 'apt-get build-dep', 'apt install', 'apt update', 'apt upgrade', 'apt full-upgrade', 'apt remove', 'apt purge'],
  lane: 'internal',
  detect(probe) {
    const both = probe.head + '\n' + probe.stderrHead;
    if (!CONTENT.test(both)) return 0;
    return /^Reading package lists\.\.\./m.test(both) ? 0.85 : 0.6;
  },
};
