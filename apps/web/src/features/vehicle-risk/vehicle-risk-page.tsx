import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import VehiclesAnalyticsIcon from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { pluralize, RISK_REFRESH_MS, type TRiskDashboard } from '@fleet/contract';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { errorMessage, SectionPanel } from '../../components/section-panel';
import { columnsFromDesktop } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { riskDashboardQuery, type TCostPeriod } from './api/vehicle-risk';
import { RiskDistributionChart, RiskTrendChart } from './risk-charts';
import { RiskKpis } from './risk-kpis';
import { CostBreakdownPanel, DueDatesPanel, FeatureImpactPanel, RiskRankingPanel } from './risk-lists';
import { RiskModelCard } from './risk-model';
import { VehicleFocus } from './vehicle-focus';

/**
 * /vehicles-analytics (spec 002 "Vehicle risk dashboard at /vehicles-analytics"; decision 0036).
 * Where the spec shows constants, every figure here is the server's, from the tenant's own records:
 * with a trained model, the fleet's probabilities of an unplanned repair within 30 days, their
 * distribution and trend, the ranking, what drives it and the model's card; without one, why not,
 * and the due dates from the service intervals only, never an invented probability. The costs and
 * the availability are shown either way. Polled every 10 s (spec 002 §9). A vehicle alert of the
 * bell opens it with `?vehicle=ID`: that vehicle's figures come first.
 */
export function VehicleRiskPage() {
  const terms = useTerms();
  const vehicles = pluralize(terms.bus);
  // The server's default period.
  const [period, setPeriod] = useState<TCostPeriod>('year');
  const [refreshing, setRefreshing] = useState(false);
  const dashboard = useQuery({ ...riskDashboardQuery(period), refetchInterval: RISK_REFRESH_MS });
  const [params, setParams] = useSearchParams();
  const focused = Number(params.get('vehicle'));

  const refresh = () => {
    setRefreshing(true);
    void dashboard.refetch().finally(() => setRefreshing(false));
  };

  let body;
  // A refresh that fails after a good answer keeps the dashboard shown; the first failure says so.
  if (dashboard.data === undefined && dashboard.isError)
    body = (
      <Alert severity="error">
        Error on loading the {terms.bus.toLowerCase()} risk: {errorMessage(dashboard.error)}
      </Alert>
    );
  else if (dashboard.data === undefined)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  else
    body = (
      <RiskDashboard
        dashboard={dashboard.data}
        period={period}
        focus={
          Number.isInteger(focused) && focused > 0 ? (
            <VehicleFocus
              vehicleId={focused}
              dashboard={dashboard.data}
              onClose={() =>
                setParams(
                  (current) => {
                    current.delete('vehicle');
                    return current;
                  },
                  { replace: true },
                )
              }
            />
          ) : null
        }
        costs={
          <CostBreakdownPanel
            cost={dashboard.data.cost}
            period={period}
            onPeriodChange={setPeriod}
            onRefresh={refresh}
            refreshing={refreshing || dashboard.isPlaceholderData}
          />
        }
      />
    );

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={`${vehicles} Analytics`} icon={<VehiclesAnalyticsIcon color="primary" />} />
      {body}
    </Box>
  );
}

/** The panels, in the order of the spec's screen; without a model, the due dates take the ranking's place. */
function RiskDashboard({
  dashboard,
  period,
  costs,
  focus,
}: {
  dashboard: TRiskDashboard;
  period: TCostPeriod;
  costs: ReactNode;
  /** The vehicle an alert opened the page for, first. */
  focus: ReactNode;
}) {
  const terms = useTerms();
  const vehicleWord = pluralize(terms.bus);
  const model = dashboard.status === 'ready' ? dashboard.model : null;
  return (
    <Stack spacing={2}>
      {focus}
      {model === null && dashboard.reason && <Alert severity="info">{dashboard.reason}</Alert>}
      <RiskKpis dashboard={dashboard} />
      {model ? (
        <>
          <Box sx={columnsFromDesktop(2)}>
            <SectionPanel id="risk-distribution" title="Risk distribution">
              <RiskDistributionChart distribution={dashboard.distribution} vehicleWord={vehicleWord} />
            </SectionPanel>
            <SectionPanel id="risk-trend" title="Risk trend">
              <RiskTrendChart trend={dashboard.trend} vehicleWord={vehicleWord} />
            </SectionPanel>
          </Box>
          <RiskRankingPanel period={period} />
          <Box sx={columnsFromDesktop(2)}>
            <FeatureImpactPanel impacts={model.feature_impact} />
            {costs}
          </Box>
          <RiskModelCard dashboard={dashboard} />
          <DueDatesPanel period={period} />
        </>
      ) : (
        <>
          <RiskModelCard dashboard={dashboard} />
          <DueDatesPanel period={period} />
          {costs}
        </>
      )}
    </Stack>
  );
}
