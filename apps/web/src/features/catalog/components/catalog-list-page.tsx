import { CATALOG_KINDS, type CatalogKindName } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { KIND_SINGULAR, MAX_PAGE_SIZE, OWNER_PAGE_SIZES, PAGE_SIZES } from '../../../config/ui';
import { CatalogTable, type CatalogTableProps } from './catalog-table';

const TITLES: Record<CatalogKindName, string> = {
  horses: 'Horses',
  jockeys: 'Jockeys',
  trainers: 'Trainers',
  owners: 'Owners',
  tracks: 'Tracks',
  races: 'Races',
  breeds: 'Breeds',
  bet_types: 'Bet Types',
};

const columnsOf = (kind: CatalogKindName) => Object.keys(CATALOG_KINDS[kind].columns);

/** Each list's columns and page sizes (spec §2.3 and §9). */
function tableSettings(kind: CatalogKindName): Omit<CatalogTableProps, 'kind'> {
  const all = columnsOf(kind);
  switch (kind) {
    case 'horses':
      // Columns at positions 2 to 10.
      return { columns: all.slice(1, 10), pageSizes: PAGE_SIZES, defaultPageSize: 25 };
    case 'jockeys':
      return { columns: all.slice(1, 10), pageSizes: PAGE_SIZES, defaultPageSize: 5 };
    case 'trainers':
    case 'races':
      return { pageSizes: PAGE_SIZES, defaultPageSize: 5 };
    case 'tracks':
      // Columns 3 to 8, led by the track's name so a row says which track it is; every track on one page.
      return {
        columns: [CATALOG_KINDS.tracks.nameColumn, ...all.slice(2, 8)],
        pageSizes: PAGE_SIZES,
        defaultPageSize: MAX_PAGE_SIZE,
      };
    case 'owners':
      return { pageSizes: OWNER_PAGE_SIZES, defaultPageSize: 5, columnPicker: true };
    default:
      return { pageSizes: PAGE_SIZES, defaultPageSize: 25 };
  }
}

export function CatalogListPage({ kind }: { kind: CatalogKindName }) {
  const singular = KIND_SINGULAR[kind];
  return (
    <Page title={TITLES[kind]}>
      <CatalogTable
        key={kind}
        kind={kind}
        {...tableSettings(kind)}
        rowHref={singular ? (row) => `/page-${singular}/${row.id}` : undefined}
      />
    </Page>
  );
}
