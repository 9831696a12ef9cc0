import { saddleCloth } from '../../lib/saddle-cloths';

/** A program number on its saddle-cloth colours (1 red, 2 white, 3 blue…), as on the track. */
export function PostChip({ post }: { post: number }) {
  const c = saddleCloth(post);
  return (
    <span className="post-chip" style={{ background: c.cloth, color: c.number }} title={`Number ${post}`}>
      {post}
    </span>
  );
}
