import type { InfoBlock } from '@furlong/contracts';

/** One block of an information page, as the server wrote it. */
export function InfoBlockView({ block }: { block: InfoBlock }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? <h2 id={block.id}>{block.text}</h2> : <h3 id={block.id}>{block.text}</h3>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return block.ordered ? (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      ) : (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div className="table-scroll">
          <table className="stacked-table info-table">
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                {block.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join('|')}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <td key={i} data-label={block.columns[i]}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'example':
      return (
        <figure className="worked-example" aria-label={`Worked example: ${block.title}`}>
          <figcaption>
            <span className="worked-example-kicker">Worked example</span> {block.title}
          </figcaption>
          <ol>
            {block.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="worked-example-result">{block.result}</p>
        </figure>
      );
    default: {
      const never: never = block;
      return never;
    }
  }
}
