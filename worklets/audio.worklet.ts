// The one AudioWorklet module of the widget: it registers both processors, so the DSP they share
// (the resampler, its kernels, the level meter) is downloaded and compiled once per call.
import { CaptureProcessor } from './capture-processor.ts';
import { CAPTURE_PROCESSOR, PLAYBACK_PROCESSOR } from './messages.ts';
import { PlaybackProcessor } from './playback-processor.ts';

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
registerProcessor(PLAYBACK_PROCESSOR, PlaybackProcessor);
