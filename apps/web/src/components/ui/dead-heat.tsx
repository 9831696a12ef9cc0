/** "DH" after a finish position: the runner dead-heated (its recorded time equals another's). */
export function DeadHeatMark() {
  return (
    <abbr className="dead-heat" title="Dead heat">
      {' '}
      DH
    </abbr>
  );
}
