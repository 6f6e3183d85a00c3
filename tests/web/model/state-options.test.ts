// The position and mask choices in the URL form: written only when changed, read back exactly,
// malformed entries keep their defaults.
import { describe, expect, it } from 'vitest';
import { cloneState, defaultMaskParams, defaultState, MASK_MODES, parse, parseStored, POSITIONS, serialize } from '../../../web/src/model/state';

describe('positions and mask parameters in the link', () => {
  it('the defaults write nothing of them', () => {
    const text = serialize(defaultState());
    for (const key of ['pos=', 'rb=', 'rp=', 'mw=', 'mp=', 'mg=', 'md=', 'mb=', 'mr=', 'ms=']) expect(text).not.toContain(key);
  });

  it('every mode and parameter round-trips', () => {
    for (const mask of MASK_MODES)
      for (const positions of POSITIONS) {
        const s = defaultState();
        s.mask = mask;
        s.positions = positions;
        s.ropeBase = 500000;
        s.ropePairing = 'interleaved';
        s.maskParams = { window: 5, prefix: 4, globals: [0, 7, 12], dilation: 3, block: 4, randomBlocks: 2, maskSeed: 99 };
        const back = parse(serialize(s));
        expect(back).toEqual(s);
        expect(parseStored('#' + serialize(s))).toEqual(s);
      }
  });

  it('an empty list of global tokens round-trips', () => {
    const s = defaultState();
    s.maskParams.globals = [];
    expect(parse(serialize(s)).maskParams.globals).toEqual([]);
  });

  it('malformed entries keep their defaults', () => {
    const s = parse('op=attention&pos=yarn&rb=1&rp=odd&mw=-1&mp=2.5&mg=a,b&md=&mask=diagonal');
    expect(s.positions).toBe('none');
    expect(s.ropeBase).toBe(10000);
    expect(s.ropePairing).toBe('half');
    expect(s.maskParams).toEqual(defaultMaskParams());
    expect(s.mask).toBe('none');
  });

  it('a link rewritten with %2C in the global tokens still reads', () => {
    expect(parse('op=attention&mask=localglobal&mg=1%2C5').maskParams.globals).toEqual([1, 5]);
  });

  it('cloneState copies the mask parameters', () => {
    const s = defaultState();
    const c = cloneState(s);
    c.maskParams.globals.push(3);
    c.maskParams.window = 9;
    expect(s.maskParams).toEqual(defaultMaskParams());
  });
});
