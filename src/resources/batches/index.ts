import LayersIcon from '@mui/icons-material/Layers';
import { buildingResource, placeholder } from '../building';

/** Batches of physical cards (catalog, batches and orders issue). */
export const batches = buildingResource({
  name: 'privative/batches',
  menu: 'batches',
  icon: LayersIcon,
  list: { ...placeholder('batchList'), path: 'list' },
  create: placeholder('batchCreate'),
  detail: placeholder('batchDetail'),
});
