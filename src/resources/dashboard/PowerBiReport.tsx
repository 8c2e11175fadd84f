import { Box } from '@mui/material';
import { models, type Embed, type Report } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { Component, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { DashboardEmbed } from '../../../domain/dashboard';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { startTokenRefresh } from './embedRefresh';

type PowerBiEmbed = Extract<DashboardEmbed, { mode: 'powerbi' }>;

/** An embedding that throws (an embed URL powerbi-client refuses) falls back like a missing token. */
class EmbedBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The company's Power BI report ("app owns data": the server made the embed token, whose effective
 * identity carries the company subtree). Its own chunk, loaded only in Power BI mode. The token
 * goes from the answer to the report and is never kept; about ten minutes before it expires a new
 * one is asked for and set on the report without reloading it.
 */
export default function PowerBiReport({ embed, onUnavailable }: { embed: PowerBiEmbed; onUnavailable: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const report = useRef<Report | null>(null);
  const title = translate('dashboard.powerBi.title');

  // a new config object re-embeds (PowerBIEmbed compares it): only a new report does that
  const embedConfig = useMemo(
    () => ({
      type: 'report',
      id: embed.reportId,
      embedUrl: embed.embedUrl,
      accessToken: embed.accessToken,
      tokenType: models.TokenType.Embed,
      settings: { panes: { filters: { visible: false }, pageNavigation: { visible: true } }, localeSettings: { language: locale } },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refreshed token is set on the report, not re-embedded
    [embed.reportId, embed.embedUrl],
  );

  useEffect(
    () =>
      startTokenRefresh({
        expiresAt: embed.expiresAt,
        fetchEmbed: () => dataProvider.dashboardEmbed(),
        applyToken: async (token) => {
          if (!report.current) throw new Error('The report is not embedded');
          await report.current.setAccessToken(token);
        },
        onFailure: onUnavailable,
      }),
    [embed.expiresAt, embed.reportId, dataProvider, onUnavailable],
  );

  return (
    <Box component="section" aria-label={title} sx={{ height: { xs: 480, md: 720 }, '& .powerbi-report': { height: '100%', width: '100%' }, '& iframe': { border: 0 } }}>
      <EmbedBoundary onError={onUnavailable}>
        <PowerBIEmbed
          embedConfig={embedConfig}
          cssClassName="powerbi-report"
          getEmbeddedComponent={(embedded: Embed) => {
            report.current = embedded as Report;
            // the iframe's accessible name
            embedded.setComponentTitle(title);
          }}
        />
      </EmbedBoundary>
    </Box>
  );
}
