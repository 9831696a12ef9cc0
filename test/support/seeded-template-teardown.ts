import { dropSeededTemplate } from './seeded-template';

export default dropSeededTemplate;
