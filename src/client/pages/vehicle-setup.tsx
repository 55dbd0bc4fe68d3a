import { Car } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { registrationYears } from '../../shared/vehicles/catalog.js';
import { createVehicleRequestSchema } from '../../shared/vehicles/vehicles.contract.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card.js';
import { useRegisterVehicle } from '../features/vehicles/mutations.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { VehicleFormFields } from '../features/vehicles/vehicle-form-fields.js';
import { emptyVehicleForm, formValues } from '../features/vehicles/vehicle-form-state.js';
import { toast } from '../lib/toast.js';

export function VehicleSetupPage() {
  const registerVehicle = useRegisterVehicle();
  const [state, setState] = useState(emptyVehicleForm);
  const [years] = useState(() => registrationYears());
  usePageTitle(vehicleScreenTexts.addVehicle);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const values = formValues(state);
    // The route's own contract (spec §5 Vehicle registration), before the call.
    const request = createVehicleRequestSchema.safeParse(values);
    if (!request.success) {
      toast({
        title: vehicleScreenTexts.errorTitle,
        description: request.error.message,
        variant: 'destructive',
      });
      return;
    }
    registerVehicle.mutate(values);
  };

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={vehicleScreenTexts.addVehicle} backHref="/" />
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary-solid text-primary-foreground">
            <Car aria-hidden className="h-6 w-6" />
          </span>
          <CardDescription>{vehicleScreenTexts.addVehicleIntro}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <VehicleFormFields idPrefix="vehicle-setup" state={state} setState={setState} years={years} />
            <Button type="submit" size="large" disabled={registerVehicle.isPending} className="mt-1">
              {registerVehicle.isPending
                ? vehicleScreenTexts.registering
                : vehicleScreenTexts.registerVehicle}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
