// The package has no types: importing it only patches AudioWorkletNode / AudioContext.audioWorklet
// onto the globals when they are missing.
declare module 'audioworklet-polyfill';
