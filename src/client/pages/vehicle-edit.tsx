import { type FormEvent, useState } from 'react';
import { useParams } from 'wouter';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { updateVehicleRequestSchema } from '../../shared/vehicles/vehicles.contract.js';
import {
  ACCEPT_MESSAGES_FROM,
  type AcceptMessagesFrom,
  type Vehicle,
} from '../../shared/vehicles/vehicles.responses.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent } from '../components/ui/card.js';
import { Label } from '../components/ui/label.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { useUpdateVehicle } from '../features/vehicles/mutations.js';
import { NativeSelect } from '../features/vehicles/native-select.js';
import { PlateLine } from '../features/vehicles/plate-line.js';
import { useVehicle } from '../features/vehicles/queries.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { vehicleName } from '../features/vehicles/vehicle-display.js';
import { VehicleFormFields } from '../features/vehicles/vehicle-form-fields.js';
import { editYearOptions, formFromVehicle, formValues } from '../features/vehicles/vehicle-form-state.js';
import { VehicleNotFound } from '../features/vehicles/vehicle-not-found.js';
import { VehicleTypeIcon } from '../features/vehicles/vehicle-type-icon.js';
import { toast } from '../lib/toast.js';

function EditVehicleForm({ vehicle }: { vehicle: Vehicle }) {
  const updateVehicle = useUpdateVehicle(vehicle.id);
  const [state, setState] = useState(() => formFromVehicle(vehicle));
  const [acceptMessagesFrom, setAcceptMessagesFrom] = useState<AcceptMessagesFrom>(
    vehicle.acceptMessagesFrom,
  );
  const [years] = useState(() => editYearOptions(vehicle.year));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = formValues(state);
    // The route's own contract (spec §5 Vehicle edit), before the call.
    const request = updateVehicleRequestSchema.safeParse({ ...values, acceptMessagesFrom });
    if (!request.success) {
      const problem = request.error.message;
      const title =
        problem === vehicleTexts.fillRequiredFields
          ? vehicleScreenTexts.missingInformationTitle
          : vehicleScreenTexts.errorTitle;
      toast({ title, description: problem, variant: 'destructive' });
      return;
    }
    updateVehicle.mutate({ ...values, acceptMessagesFrom });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <VehicleFormFields idPrefix="vehicle-edit" state={state} setState={setState} years={years} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="vehicle-edit-accept-messages">{vehicleScreenTexts.acceptMessagesLabel}</Label>
        <NativeSelect
          id="vehicle-edit-accept-messages"
          options={ACCEPT_MESSAGES_FROM.map((value) => ({
            value,
            label: vehicleScreenTexts.acceptMessagesOptions[value],
          }))}
          value={acceptMessagesFrom}
          onChange={(event) => setAcceptMessagesFrom(event.target.value as AcceptMessagesFrom)}
        />
      </div>
      <Button type="submit" size="large" disabled={updateVehicle.isPending} className="mt-1">
        {updateVehicle.isPending ? vehicleScreenTexts.saving : vehicleScreenTexts.saveChanges}
      </Button>
    </form>
  );
}

export function VehicleEditPage() {
  const { id = '' } = useParams<{ id: string }>();
  const vehicleQuery = useVehicle(id);
  usePageTitle(
    vehicleQuery.isPending || vehicleQuery.data
      ? vehicleScreenTexts.editVehicle
      : vehicleTexts.vehicleNotFound,
  );
  if (vehicleQuery.isPending) return <PageSpinner />;
  const vehicle = vehicleQuery.data;
  if (!vehicle) return <VehicleNotFound />;

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={vehicleScreenTexts.editVehicle} backHref="/vehicle-management" />
      <Card>
        <div className="flex items-center gap-3 p-5 pb-4">
          <VehicleTypeIcon vehicleType={vehicle.vehicleType} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{vehicleName(vehicle)}</p>
            <p className="text-sm text-muted-foreground">
              <PlateLine licensePlate={vehicle.licensePlate} />
            </p>
          </div>
        </div>
        <CardContent>
          {/* Keyed by id: a different vehicle starts a fresh form. */}
          <EditVehicleForm key={vehicle.id} vehicle={vehicle} />
        </CardContent>
      </Card>
    </div>
  );
}
