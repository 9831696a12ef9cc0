import { WIRE_POSITION } from '@furlong/contracts';
import { cameraTarget, LEADER_AT, noseX, patternOffset, START_X, trackLayout, VIEW_METRES } from './track-layout';

describe(trackLayout.name, () => {
  it('should show about 150 m of a long course and end with the wire at 98 % of the picture', () => {
    const sut = trackLayout(1000, 10, 6);
    expect(sut.pxPerMetre).toBeCloseTo(1000 / VIEW_METRES, 10);
    expect(sut.wireX).toBeCloseTo(START_X + 6 * 201.168 * sut.pxPerMetre, 6);
    // With the camera at the end of its run, the wire is drawn at 98 % of the width (spec §4).
    expect(sut.wireX - sut.cameraMax).toBeCloseTo(1000 * WIRE_POSITION, 6);
  });

  it('should fit a course that is short for the picture whole, with no camera move', () => {
    // Half a furlong (about 100 m) is less than the 150 m the camera would show.
    const sut = trackLayout(1000, 6, 0.5);
    expect(sut.cameraMax).toBe(0);
    expect(sut.wireX).toBeCloseTo(1000 * WIRE_POSITION, 6);
  });

  it('should put progress 0 at the start line and 1 at the wire', () => {
    const sut = trackLayout(1000, 8, 6);
    expect(noseX(sut, 0)).toBe(START_X);
    expect(noseX(sut, 1)).toBeCloseTo(sut.wireX, 6);
    expect(noseX(sut, 1.2)).toBeCloseTo(sut.wireX, 6);
  });
});

describe(cameraTarget.name, () => {
  it('should keep the leader at 62 % of the picture, never before the start or past the end', () => {
    const sut = trackLayout(1000, 8, 6);
    expect(cameraTarget(sut, START_X)).toBe(0);
    expect(cameraTarget(sut, 3000)).toBeCloseTo(3000 - LEADER_AT * 1000, 6);
    expect(cameraTarget(sut, sut.wireX + 500)).toBe(sut.cameraMax);
  });
});

describe(patternOffset.name, () => {
  it('should slide a repeating pattern back by the camera modulo its period', () => {
    expect(patternOffset(0, 576)).toBe(0);
    expect(patternOffset(100, 576)).toBe(-100);
    expect(patternOffset(700, 576)).toBe(-124);
  });
});
