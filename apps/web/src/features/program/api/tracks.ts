// The track list's one client is shared (the race results filter reads it too): src/api/tracks.ts.
export { getTracks, type TrackRecord, tracksQuery, useTracks } from '../../../api/tracks';
