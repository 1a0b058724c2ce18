/**
 * The challenge measures of one face Human found, as the server takes them (src/core/faces/challenge.ts,
 * `measureFace`): yaw and roll from the five points, here read off the mesh, pitch from Human's
 * rotation, the mouth and eyes from the 468-point mesh. Shared by the hosted flow's live tracker and
 * the benchmark that stands in for it, so both measure a frame alike.
 */
import type { FaceResult } from '@vladmandic/human';
import { measureFace, type FaceMeasures } from '../../src/core/faces/challenge.js';
import type { DetectedFace } from '../../src/core/faces/face-engine.js';
import { fivePointsFromMesh, poseFromFivePoints } from '../../src/core/faces/five-points.js';

function toDegrees(radians: number): number {
  return (radians * 180) / Math.PI;
}

export function humanFaceMeasures(found: FaceResult): FaceMeasures | null {
  const angle = found.rotation?.angle;
  const mesh = found.mesh.map((point) => [point[0], point[1]] as [number, number]);
  const landmarks = fivePointsFromMesh(mesh) ?? [];
  const pose = poseFromFivePoints(landmarks);
  const detected: DetectedFace = {
    box: { x: found.box[0], y: found.box[1], width: found.box[2], height: found.box[3] },
    score: found.score,
    yawDeg: pose?.yawDeg ?? null,
    pitchDeg: angle ? toDegrees(angle.pitch) : null,
    rollDeg: pose?.rollDeg ?? null,
    landmarks,
    mesh,
    sharpness: null,
  };
  return measureFace(detected);
}
