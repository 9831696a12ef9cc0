import { screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../test/render';
import { makeInfoDocument } from '../features/info/test-fixtures';

const footerLinks = () =>
  within(screen.getByRole('contentinfo'))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('The footer', () => {
  beforeEach(() => mockApi({ '/api/info/': (url) => makeInfoDocument(url.pathname.split('/')[3] as 'faqs') }));

  it('should link visitors to the information pages, the bet types among them, the forms and the API', async () => {
    renderRoute('/faqs');
    await screen.findByRole('heading', { level: 2, name: 'Bet types' });
    expect(footerLinks()).toEqual([
      ['Bet types', '/learn-about-racing#bet-types'],
      ['Learn about racing', '/learn-about-racing'],
      ['Tutorial', '/tutorial'],
      ['Instructions', '/instructions'],
      ['FAQs', '/faqs'],
      ['Insurance quote', '/insurance-quote'],
      ['Contact us', '/contact-us'],
      ['API', '/api/docs'],
    ]);
  });

  it.each([['/learn-about-racing#bet-types'], ['/learn-about-racing'], ['/tutorial'], ['/instructions'], ['/faqs']])(
    'should lead from %s to a real page, not a placeholder',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByRole('heading', { level: 2, name: 'Bet types' })).toBeInTheDocument();
      expect(screen.queryByText('Not yet available.')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    },
  );

  it("should send members to the bet types' own page", async () => {
    asMember();
    renderRoute('/faqs');
    await screen.findByRole('heading', { level: 2, name: 'Bet types' });
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Bet types' })).toHaveAttribute(
      'href',
      '/bet-types',
    );
  });
});
