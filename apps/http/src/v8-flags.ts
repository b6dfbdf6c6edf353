import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring, off. Under a steady read load it decided at some moment that
 * the objects of a few busy allocation sites live long, and from then on allocated them in the
 * old generation: request-scoped garbage that only a full mark-compact frees. Over 8 s of reads
 * that was 86–128 MB promoted and a peak RSS of 140–178 MB; without it 15 MB and 104–107 MB,
 * every run (docs/performance.md). V8 reads the flag when it next weighs an allocation site, so
 * setting it here, before any request runs, is enough; NODE_OPTIONS does not accept it.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
