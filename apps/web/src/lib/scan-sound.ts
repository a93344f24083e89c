/**
 * The sound of a scan at the counter (docs/web.md, "Scanning"): a short high
 * beep when the line landed, a low double buzz when it did not, so the clerk
 * need not look at the screen between scans. Drawn with the Web Audio API (no
 * sound files); on or off per browser, remembered like the printers' settings.
 */
const SOUND_KEY = 'scanSounds';

export function scanSoundsOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setScanSounds(on: boolean) {
  localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
}

let context: AudioContext | undefined;

/** Tones of the result: [frequency Hz, start s, length s]. */
const TONES: Record<'landed' | 'failed', [number, number, number][]> = {
  landed: [[1760, 0, 0.07]],
  failed: [
    [220, 0, 0.14],
    [196, 0.18, 0.2],
  ],
};

/** Plays the scan's result, unless sounds are off or the browser has no audio. */
export function playScanSound(result: 'landed' | 'failed') {
  if (!scanSoundsOn() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [frequency, at, length] of TONES[result]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = result === 'landed' ? 'sine' : 'square';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, start + at);
      gain.gain.exponentialRampToValueAtTime(0.001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length);
    }
  } catch {
    // A browser that refuses audio (no user gesture yet, no device) scans in silence.
  }
}
