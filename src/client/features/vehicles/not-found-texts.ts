import { texts } from '../../../shared/i18n/texts.js';

/**
 * Texts of the screen of a vehicle that cannot be fetched (spec §8 Vehicle fetch failure). A module of its own:
 * the owner's screens show it too, and take none of the finder's texts with it.
 */
export const vehicleNotFoundTexts = texts('vehicleNotFound', {
  forFinder: 'This vehicle is not registered with the product or is no longer active.',
  forOwner: "This vehicle doesn't exist or isn't one of your vehicles.",
  lookUpAnother: 'Look Up Another Vehicle',
  backToMyVehicles: 'Back to My Vehicles',
});
