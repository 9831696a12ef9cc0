import type { Prng } from './prng';

/** Registries (The Jockey Club, Weatherbys) allow at most 18 characters, spaces and punctuation included. */
export const HORSE_NAME_MAX_LENGTH = 18;

export type HorseSex = 'male' | 'female';

// Word lists are comma-separated text so they stay compact under the formatter.
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}

const ADJECTIVES = list(`
  Midnight, Silver, Golden, Quiet, Wild, Bold, Brave, Royal, Noble, Swift, Lucky, Secret, Hidden, Crimson,
  Scarlet, Amber, Velvet, Iron, Copper, Crystal, Emerald, Sapphire, Ivory, Ebony, Dusty, Misty, Stormy,
  Sunny, Frosty, Rowdy, Restless, Reckless, Fearless, Tireless, Endless, Gallant, Valiant, Dashing, Daring,
  Dancing, Flying, Roaring, Rising, Shining, Blazing, Burning, Wandering, Rolling, Electric, Cosmic, Mystic,
  Majestic, Regal, Imperial, Grand, Gentle, Sweet, Happy, Merry, Jolly, Sly, Clever, Smart, Sharp, Sudden,
  Rapid, Instant, Steady, True, Loyal, Honest, Proud, Humble, Lonesome, Lone, Distant, Northern, Southern,
  Eastern, Western, Tropical, Summer, Winter, Autumn, April, Morning, Evening, Twilight, Starry, Moonlit,
  Blue, Red, Black, White, Gray, Azure, Indigo, Violet, Rosy, Silent, Gilded, Rustic, Classic, Vintage,
  Ancient, Eternal, Infinite, Final, Perfect, Pure, Rare, Precious, Fancy, Wicked, Naughty, Cheeky, Saucy,
  Sassy, Feisty, Fiery, Icy, Windy, Sandy, Rocky, Heavenly, Divine, Brilliant, Radiant, Vivid, Bright, Dark,
  Shady, Stealthy, Ghostly, Savage, Fierce, Mighty, Giant, Little, Big, Mad, Crazy, Dizzy, Lazy, Quick,
  Speedy, Nimble, Lively, Spirited, Unbridled, Untamed, Free, Easy, Smooth, Silky, Classy, Dapper, Elegant,
  Graceful, Stellar, Solar, Lunar, Polar, Atomic, Sonic, Turbo, Lost, Magic, Sacred, Secretive
`);

const NOUNS = list(`
  Thunder, Charm, Resolve, Dream, Storm, Spirit, Legend, Glory, Destiny, Fortune, Promise, Whisper, Echo,
  Shadow, Flame, Fire, Blaze, Spark, Flash, Bolt, Arrow, Dancer, Rider, Knight, King, Queen, Prince,
  Princess, Duke, Baron, Warrior, Ranger, Bandit, Outlaw, Pirate, Gambler, Hunter, Tiger, Falcon, Eagle,
  Hawk, Raven, Sparrow, Phoenix, Dragon, Wolf, Fox, Lion, Comet, Star, Moon, Sky, Horizon, Galaxy, Nova,
  Meteor, Rocket, Cannon, Tornado, Hurricane, Cyclone, Tempest, Breeze, Wind, Rain, River, Ocean, Tide, Wave,
  Harbor, Canyon, Summit, Ridge, Valley, Meadow, Prairie, Desert, Mirage, Oasis, Jewel, Gem, Diamond, Pearl,
  Treasure, Crown, Empire, Kingdom, Legacy, Heritage, Victory, Triumph, Honor, Valor, Courage, Pride,
  Justice, Liberty, Freedom, Harmony, Melody, Rhythm, Song, Ballad, Serenade, Tango, Waltz, Rumba, Samba,
  Jazz, Blues, Rhapsody, Lullaby, Romance, Affair, Mystery, Riddle, Wonder, Miracle, Blessing, Angel, Halo,
  Saint, Devil, Rascal, Charmer, Dandy, Belle, Beauty, Darling, Sweetheart, Candy, Sugar, Honey, Biscuit,
  Pepper, Ginger, Spice, Whiskey, Bourbon, Brandy, Champagne, Ticket, Chance, Gamble, Wager, Jackpot, Bounty,
  Prize, Trophy, Medal, Ribbon, Banner, Anthem, Salute, Tribute, Journey, Voyage, Quest, Venture, Express,
  Flyer, Bullet, Streak, Sprint, Gallop, Stride, Dash, Surge, Force, Power, Pulse, Heartbeat, Soul, Heart,
  Nerve, Grit, Mettle, Edge, Ace, Maverick, Cowboy, Hero, Idol, Icon, Champion, Contender, Chief, Admiral,
  General, Colonel
`);

const NICKNAMES = list(`
  Doc, Papa, Mama, Daddy, Grandpa, Granny, Nana, Uncle, Auntie, Sister, Bubba, Buddy, Sonny, Skip, Red, Duke,
  Gus, Hank, Lou, Ruby, Sadie, Molly, Maggie, Rosie, Lucy, Annie, Katie, Abby, Ellie, Charlie, Frankie,
  Tommy, Billy, Bobby, Jimmy, Joey, Danny, Johnny, Mickey, Eddie, Ricky, Stevie, Teddy, Willie, Jake, Sam,
  Max, Zeke, Jesse, Cody, Travis, Dixie, Lily, Daisy, Bella, Coco, Gigi, Lulu, Mimi, Poppy, Pop, Gramps,
  Mister, Cap, Boss, Chief, Coach, Sarge, Judge, Padre
`);

const POSSESSED = list(`
  Dream, Pride, Joy, Girl, Boy, Gold, Gift, Choice, Luck, Legacy, Promise, Secret, Rocket, Treasure, Revenge,
  Delight, Darling, Song, Wish, Way, Angel, Charm, Fancy, Folly, Rebel, Prize, Ticket, Jewel, Lady, Hope,
  Fortune, Magic, Spirit, Star, Bandit, Bet, Gamble, Express, Money, Dollar, Last Dance, Big Day, Best Bet,
  Hunch, Pick, Pal, Buddy, Baby, Encore, Ride
`);

const AGENT_FIRST = list(`
  Storm, Dream, Wind, Star, Sun, Moon, Bone, Heart, Fire, Gold, Rain, Sky, Wave, Road, Trail, Trouble,
  Money, Candy, Thunder, Shadow, Night, Deal, Record, Rule, Ice, Dust, Rainbow, Thrill, Cloud, Fortune
`);

const AGENTS = list(`
  Chaser, Weaver, Dancer, Breaker, Maker, Catcher, Seeker, Hunter, Rider, Runner, Walker, Jumper, Gazer,
  Taker, Raiser, Bringer, Singer, Crusher, Buster, Digger, Spinner, Charmer, Stealer, Finder, Keeper, Blazer,
  Bender, Shaker, Jockey, Drifter
`);

const PHRASE_VERBS = list(`
  Catch, Chase, Ride, Beat, Light, Shake, Rock, Follow, Hold, Raise, Steal, Take, Seize, Tame, Outrun, Fly,
  Touch, Paint, Rule, Own, Run, Cross, Storm, Kiss, Find, Break, Hit, Split, Crash, Jump
`);

const PHRASE_OBJECTS = list(`
  Wind, Moon, Sun, Storm, Sky, Stars, Clock, Dawn, Night, Rain, Tide, Odds, Bank, Dream, House, Show, Line,
  World, Crown, Wire, Field, Rail, Gate, Deck, Limit, Heat, Boat, Party, Sunset, Pot
`);

const MALE_TITLES = [
  'Sir',
  'Mister',
  'Captain',
  'Lord',
  'King',
  'Prince',
  'Major',
  'Colonel',
  'Senor',
  'Count',
] as const;
const FEMALE_TITLES = [
  'Lady',
  'Miss',
  'Princess',
  'Queen',
  'Madam',
  'Dame',
  'Duchess',
  'Senorita',
  'Mrs',
  'Sister',
] as const;

const MALE_GIVEN = list(`
  Winston, Barton, Percy, Reginald, Archie, Rupert, Cedric, Ambrose, Jasper, Felix, Hugo, Oscar, Monty,
  Basil, Clarence, Humphrey, Barnaby, Chester, Digby, Fitz, Gideon, Horace, Ignatius, Lancelot, Mortimer,
  Nigel, Ogden, Quentin, Thaddeus, Wilbur, Cool, Lucky, Frisky, Speedy, Dapper, Bold, Smooth, Sly, Magic,
  Dazzle
`);

const FEMALE_GIVEN = list(`
  Aurelia, Beatrix, Clementine, Delilah, Eloise, Florence, Genevieve, Henrietta, Isadora, Josephine, Lavinia,
  Matilda, Octavia, Penelope, Rosalind, Seraphina, Tallulah, Vivienne, Winifred, Adelaide, Bernadette,
  Cordelia, Dorothea, Evangeline, Felicity, Guinevere, Imogen, Juniper, Marigold, Ophelia, Fancy, Sassy,
  Lucky, Charming, Dazzle, Daisy, Scarlett, Sparkle, Velvet, Whimsy
`);

const SINGLE_WORDS = list(`
  Resolute, Serenity, Tempest, Dynamite, Zenith, Vortex, Paradox, Catalyst, Momentum, Velocity, Equinox,
  Solstice, Odyssey, Nirvana, Euphoria, Reverie, Cascade, Avalanche, Maelstrom, Firestorm, Wildfire,
  Moonshine, Sunburst, Starlight, Nightshade, Quicksilver, Brimstone, Thunderbolt, Lightning, Renegade,
  Vagabond, Nomad, Desperado, Bandolero, Marauder, Gladiator, Centurion, Spartan, Trojan, Viking, Samurai,
  Sultan, Maharaja, Pharaoh, Emperor, Monarch, Sovereign, Regent, Tycoon, Magnate, Mogul, Baroness, Duchess,
  Empress, Contessa, Ambrosia, Nectar, Elixir, Talisman, Amulet, Enigma, Cipher, Phantom, Specter, Banshee,
  Valkyrie, Siren, Sphinx, Griffin, Pegasus, Kraken, Titan, Atlas, Orion, Andromeda, Aurora, Celeste,
  Stardust, Moonbeam, Sundance, Sunrise, Daybreak, Nightfall, Firefly, Dragonfly, Hummingbird, Kingfisher,
  Nightingale, Whirlwind, Juggernaut, Dreadnought, Bravado, Swagger, Panache, Gusto, Moxie, Chutzpah,
  Hullabaloo
`);

const COMPOUND_FIRST = list(`
  Sea, Star, Sun, Moon, Storm, Wind, Fire, Gold, Silver, Thunder, Shadow, Dream, Night, Sky, Rain, Snow,
  Frost, Wild, Bright, Swift, Iron, Stone, Heart, Spell, Wonder, Free, High, War, Wave, Dawn
`);

const COMPOUND_SECOND = list(`
  bird, fire, light, dancer, runner, walker, song, heart, flash, storm, fall, born, wind, struck, bound,
  chaser, catcher, blaze, rider, hawk, wing, glow, beam, spark, burst, fly, maker, crest, dust, hammer
`);

const PLACE_ADJECTIVES = list(`
  Kentucky, Carolina, Dixie, Texas, Irish, Celtic, Tuscan, Sahara, Aegean, Arctic, Nordic, Bayou, Sierra,
  Pacific, Atlantic, Yankee, Highland, Brooklyn, Vegas, Montana, Dakota, Sonoma, Malibu, Havana, Monaco,
  Cairo, Tahiti, Savannah, Memphis, Boston, Jersey, Aussie, Dublin, Scottish, Cajun, Alamo, Rio, Gotham,
  Harlem, Tennessee, Georgia, Virginia, Alabama, Oklahoma, Nevada, Yukon, Klondike, Alaskan, Bronx, Delta
`);

const FIRST_NAMES = list(`
  James, John, Robert, Michael, William, David, Richard, Joseph, Thomas, Charles, Christopher, Daniel,
  Matthew, Anthony, Mark, Steven, Paul, Andrew, Joshua, Kevin, Brian, George, Edward, Ronald, Timothy, Jason,
  Jeffrey, Ryan, Jacob, Gary, Nicholas, Eric, Jonathan, Stephen, Larry, Justin, Scott, Brandon, Benjamin,
  Samuel, Gregory, Frank, Patrick, Raymond, Jack, Dennis, Jerry, Tyler, Aaron, Henry, Douglas, Peter, Adam,
  Nathan, Zachary, Kyle, Walter, Harold, Carl, Arthur, Gerald, Roger, Keith, Lawrence, Terry, Sean,
  Christian, Austin, Jesse, Dylan, Bryan, Jordan, Billy, Bruce, Albert, Willie, Gabriel, Logan, Alan, Wayne,
  Roy, Ralph, Randy, Eugene, Vincent, Russell, Louis, Bobby, Philip, Johnny, Juan, Luis, Jose, Carlos,
  Miguel, Javier, Manuel, Ricardo, Rafael, Fernando, Eduardo, Alejandro, Diego, Jorge, Hector, Julio,
  Emmanuel, Joel, Ramon, Edgar, Declan, Colm, Padraig, Seamus, Ciaran, Liam, Oisin, Ronan, Cormac, Niall,
  Callum, Hamish, Angus, Rory, Alastair, Jamie, Oliver, Harry, Freddie, Toby, Mary, Patricia, Jennifer,
  Linda, Elizabeth, Barbara, Susan, Jessica, Sarah, Karen, Nancy, Lisa, Betty, Margaret, Sandra, Ashley,
  Kimberly, Emily, Donna, Michelle, Carol, Amanda, Melissa, Deborah, Stephanie, Rebecca, Laura, Sharon,
  Cynthia, Kathleen, Amy, Angela, Helen, Anna, Brenda, Pamela, Nicole, Emma, Samantha, Katherine, Christine,
  Rachel, Catherine, Janet, Maria, Heather, Diane, Julie, Victoria, Kelly, Lauren, Olivia, Megan, Martha,
  Andrea, Hannah, Gloria, Julia, Grace, Abigail, Natalie, Sophia, Rose, Isabella, Charlotte, Siobhan, Aoife,
  Niamh, Saoirse, Roisin, Sinead, Orla, Fiona, Isla, Hollie, Chloe, Lucia, Carmen, Rosa, Elena
`);

const LAST_NAMES = list(`
  Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez, Hernandez, Lopez,
  Gonzalez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Martin, Lee, Perez, Thompson, White, Harris,
  Sanchez, Clark, Ramirez, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Torres, Hill, Flores,
  Green, Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts, Gomez, Phillips, Evans,
  Turner, Diaz, Parker, Cruz, Edwards, Collins, Reyes, Stewart, Morris, Morales, Murphy, Cook, Rogers,
  Gutierrez, Ortiz, Morgan, Cooper, Peterson, Bailey, Reed, Kelly, Howard, Ramos, Cox, Ward, Richardson,
  Watson, Brooks, Chavez, Wood, Bennett, Gray, Mendoza, Ruiz, Hughes, Price, Alvarez, Castillo, Sanders,
  Myers, Long, Ross, Foster, Jimenez, Powell, Jenkins, Perry, Russell, Sullivan, Bell, Coleman, Butler,
  Henderson, Barnes, Fisher, Vasquez, Simmons, Romero, Patterson, Hamilton, Graham, Reynolds, Griffin,
  Wallace, Moreno, West, Cole, Hayes, Bryant, Herrera, Gibson, Ellis, Medina, Aguilar, Stevens, Murray, Ford,
  Castro, Marshall, Owens, Harrison, Fernandez, McDonald, Woods, Kennedy, Wells, Vargas, Freeman, Webb,
  Tucker, Guzman, Burns, Crawford, Olson, Simpson, Porter, Hunter, Gordon, Mendez, Silva, Shaw, Snyder,
  Mason, Dixon, Munoz, Hunt, Hicks, Holmes, Palmer, Wagner, Black, Robertson, Boyd, Stone, Salazar, Fox,
  Warren, Mills, Meyer, Rice, Garza, Daniels, Ferguson, Nichols, Stephens, Soto, Weaver, Ryan, Gardner,
  Payne, Grant, Dunn, Spencer, Hawkins, Arnold, Pierce, Hansen, Peters, Santos, Hart, Bradley, Knight,
  Elliott, Cunningham, Duncan, Armstrong, Hudson, Carroll, Lane, Riley, Andrews, Alvarado, Delgado, Berry,
  Perkins, Hoffman, Matthews, Pena, O'Brien, O'Connor, O'Sullivan, Walsh, McCarthy, Byrne, Doyle, Kavanagh,
  Fitzgerald, Brennan, Quinn, Gallagher, Nolan, Moran, Dunne, Lynch, Heffernan, Mullins, Fallon, Carson,
  Beaumont, Ashford, Whitmore, Pemberton, Harrington, Kingsley, Langford, Thornton, Wexley, Caldwell
`);

const ESTATE_FIRST = list(`
  Oak, Willow, Cedar, Maple, Pine, Elm, Ash, Birch, Hickory, Magnolia, Red, Blue, Green, Silver, Golden,
  Stone, Iron, Fox, Hawk, Eagle, Deer, Wolf, Bear, Raven, Crystal, Shady, Sunny, Misty, Rolling, Twin, Lone,
  High, Clear, Hidden, Quiet, Windy, Walnut, Chestnut, Laurel, Briar
`);

const ESTATE_SECOND = list(`
  Creek, Hill, Ridge, Hollow, Meadows, Brook, Valley, Glen, Springs, Run, Field, Grove, Acres, Crest, Pond,
  Lake, Bluff, Point, Bend, Vale, Wood, Knoll, Gate, Trail, View, Haven, Downs, Lane, Park, Manor
`);

const STABLE_WORDS = list(`
  Bluegrass, Summit, Pinnacle, Legacy, Heritage, Triple Crown, Starlight, Keystone, Horizon, Liberty,
  Frontier, Paddock, Homestretch, Winners Circle, Lucky Seven, Wire to Wire, Full Gallop, Black Type, Silks,
  Stirrup, Furlong, Derby Day, Twin Spires, Finish Line, Dark Horse, Long Shot, Photo Finish, Blue Chip,
  Lone Star, Bay Leaf, Sundown, Sunrise, Westwind, Northstar, Southpaw, Evergreen
`);

const STAKES_WORDS = list(`
  Bluegrass, Sunshine, Autumn, Harvest, Governor's, Mayor's, President's, Founders, Champions, Juvenile,
  Heritage, Centennial, Commonwealth, Jockey Club, Turf Classic, Breeders, Spring Trial, Lady Liberty,
  Golden Gate, Silver Cup, Diamond Jubilee, Midsummer, Winter Solstice, Pioneer, Frontier, Patriot,
  Gold Rush, Kingmaker, Sprint Championship, Derby Trial
`);

const STAKES_SUFFIXES = [
  'Stakes',
  'Stakes',
  'Stakes',
  'Stakes',
  'Handicap',
  'Handicap',
  'Cup',
  'Classic',
  'Invitational',
] as const;

/** Where a racing location is, which decides how its tracks are usually named. */
export type RacingCountry = 'USA' | 'CAN' | 'UK' | 'IRE' | 'AUS' | 'NZ';

export interface RacingLocation {
  name: string;
  country: RacingCountry;
}

const LOCATIONS_BY_COUNTRY: Record<RacingCountry, readonly string[]> = {
  USA: list(`
    Arlington, Albany, Belmont, Bossier City, Charles Town, Columbus, Cypress, Delaware, Del Mar, Durango,
    Evansville, Elmira, Fairview, Fresno, Greenville, Hialeah, Hot Springs, Hawthorne, Inglewood,
    Indianapolis, Jamestown, Jacksonville, Kalamazoo, Lexington, Louisville, Laurel, Monmouth, Memphis,
    New Orleans, Ocala, Oakland, Omaha, Pomona, Portland, Prescott, Quincy, Ruidoso, Reno, Saratoga,
    Santa Rosa, Sacramento, Tampa, Tucson, Tulsa, Union, Vinton, Waco, Wheeling, Yonkers, Zanesville,
    Zephyrhills
  `),
  CAN: list(`
    Ajax, Fort Erie, Victoria, Edmonton, Kamloops
  `),
  UK: list(`
    Ascot, Aintree, Ayr, Bath, Brighton, Cheltenham, Chester, Carlisle, Doncaster, Epsom, Exeter, Fontwell,
    Goodwood, Haydock, Hexham, Kempton, Leicester, Lingfield, Ludlow, Musselburgh, Newmarket, Newbury,
    Newcastle, Pontefract, Plumpton, Redcar, Ripon, Sandown, Salisbury, Thirsk, Towcester, Uttoxeter,
    Warwick, Wetherby, Windsor, Wolverhampton, York, Yarmouth
  `),
  IRE: list(`
    Cork, Dundalk, Fairyhouse, Galway, Gowran, Kilbeggan, Killarney, Limerick, Listowel, Naas, Navan,
    Punchestown, Roscommon, Sligo, Tipperary, Tralee, Wexford, Tramore, Ballinrobe, Bellewstown, Thurles,
    Clonmel
  `),
  AUS: list(`
    Ballarat, Bendigo, Caulfield, Flemington, Gosford, Ipswich, Kalgoorlie, Mornington, Mudgee, Oakbank,
    Orange, Queanbeyan, Randwick, Toowoomba, Warrnambool, Geelong, Echuca, Emerald, Kyneton, Murray Bridge
  `),
  NZ: list(`
    Hastings, Trentham, Otaki, Matamata, Riccarton
  `),
};

/** Real racing towns and cities; their initials cover 25 letters of A–Z (the program card filters by initial). */
export const RACING_LOCATIONS: readonly RacingLocation[] = (
  Object.keys(LOCATIONS_BY_COUNTRY) as RacingCountry[]
).flatMap((country) => LOCATIONS_BY_COUNTRY[country].map((name) => ({ name, country })));

const TRACK_SUFFIXES: Record<RacingCountry, readonly string[]> = {
  USA: ['Downs', 'Park', 'Race Course', 'Racetrack', 'Fair Grounds', 'Meadows', 'Turf Club', 'Downs', 'Park'],
  CAN: ['Downs', 'Park', 'Racetrack'],
  UK: ['Racecourse', 'Racecourse', 'Park', 'Downs'],
  IRE: ['Racecourse', 'Racecourse', 'Park'],
  AUS: ['Racecourse', 'Park', 'Turf Club'],
  NZ: ['Racecourse', 'Park', 'Racing Club'],
};

/** The first letter of a location, upper-cased: the program card's A–Z filter key. */
export function locationInitial(location: string): string {
  return location.charAt(0).toUpperCase();
}

/**
 * `count` distinct locations, taking one per initial letter first so that even a short list still
 * covers as many letters of the A–Z filter as possible.
 */
export function pickTrackLocations(prng: Prng, count: number): RacingLocation[] {
  if (count > RACING_LOCATIONS.length) {
    throw new RangeError(`pickTrackLocations: ${count} locations asked, ${RACING_LOCATIONS.length} known`);
  }
  const byInitial = new Map<string, RacingLocation[]>();
  for (const location of prng.shuffle(RACING_LOCATIONS)) {
    const key = locationInitial(location.name);
    byInitial.set(key, [...(byInitial.get(key) ?? []), location]);
  }
  const firsts: RacingLocation[] = [];
  const rest: RacingLocation[] = [];
  for (const group of byInitial.values()) {
    firsts.push(group[0] as RacingLocation);
    rest.push(...group.slice(1));
  }
  return [...prng.shuffle(firsts), ...prng.shuffle(rest)].slice(0, count);
}

/** A track name in the local style: "Saratoga Race Course", "Kempton Park", "Galway Racecourse". */
export function trackName(prng: Prng, location: RacingLocation): string {
  return `${location.name} ${prng.pick(TRACK_SUFFIXES[location.country])}`;
}

/**
 * One candidate horse name in one of several registry-like patterns, at most 18 characters. Names
 * repeat across calls; draw through {@link uniqueName} to get distinct ones.
 */
export function horseName(prng: Prng, sex?: HorseSex): string {
  for (;;) {
    const name = horseNameCandidate(prng, sex ?? (prng.chance(0.5) ? 'male' : 'female'));
    if (name.length <= HORSE_NAME_MAX_LENGTH) return name;
  }
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function horseNameCandidate(prng: Prng, sex: HorseSex): string {
  const roll = prng.next();
  if (roll < 0.34) {
    const adjective = prng.pick(ADJECTIVES);
    const noun = prng.pick(NOUNS);
    return adjective === noun ? noun : `${adjective} ${noun}`;
  }
  if (roll < 0.46) return `${possessive(prng.pick(NICKNAMES))} ${prng.pick(POSSESSED)}`;
  if (roll < 0.57) {
    const first = prng.pick(AGENT_FIRST);
    return `${first} ${prng.pick(AGENTS)}`;
  }
  if (roll < 0.65) return `${prng.pick(PHRASE_VERBS)} the ${prng.pick(PHRASE_OBJECTS)}`;
  if (roll < 0.73) {
    return sex === 'male'
      ? `${prng.pick(MALE_TITLES)} ${prng.pick(MALE_GIVEN)}`
      : `${prng.pick(FEMALE_TITLES)} ${prng.pick(FEMALE_GIVEN)}`;
  }
  if (roll < 0.83) {
    const first = prng.pick(COMPOUND_FIRST);
    const second = prng.pick(COMPOUND_SECOND);
    return first.toLowerCase() === second ? `${first} ${prng.pick(NOUNS)}` : `${first}${second}`;
  }
  if (roll < 0.93) return `${prng.pick(PLACE_ADJECTIVES)} ${prng.pick(NOUNS)}`;
  return prng.pick(SINGLE_WORDS);
}

/**
 * Draws from `make` until it yields a name not in `taken`, records it there and returns it. Throws
 * after `maxAttempts` collisions, which means the word lists are too small for the count asked.
 */
export function uniqueName(taken: Set<string>, make: () => string, maxAttempts = 10_000): string {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const name = make();
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  throw new RangeError(`uniqueName: no unused name after ${maxAttempts} attempts (${taken.size} taken)`);
}

/** A first and last name: "Declan O'Sullivan", "Maria Castillo". */
export function personName(prng: Prng): string {
  return `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`;
}

/** A farm or stud: "Willow Creek Farm", "Red Oak Hollow Stud" style. */
export function farmName(prng: Prng): string {
  const stem = `${prng.pick(ESTATE_FIRST)} ${prng.pick(ESTATE_SECOND)}`;
  const roll = prng.next();
  if (roll < 0.6) return `${stem} Farm`;
  if (roll < 0.8) return `${stem} Farms`;
  return `${stem} Stud`;
}

/** An owner: a person (about half), a stable, a farm, a syndicate or a partnership. */
export function ownerName(prng: Prng): string {
  const roll = prng.next();
  if (roll < 0.5) return personName(prng);
  if (roll < 0.6) return `${prng.pick(LAST_NAMES)} Racing Stable`;
  if (roll < 0.7) return `${prng.pick(STABLE_WORDS)} Thoroughbreds LLC`;
  if (roll < 0.82) return farmName(prng);
  if (roll < 0.88) return `${prng.pick(LAST_NAMES)} Stables`;
  if (roll < 0.93) return `${prng.pick(STABLE_WORDS)} Racing LLC`;
  if (roll < 0.97) return `${prng.pick(STABLE_WORDS)} Equine Partners`;
  return `${prng.pick(LAST_NAMES)} & ${prng.pick(LAST_NAMES)}`;
}

/** A breeder: usually a farm, sometimes a person. */
export function breederName(prng: Prng): string {
  return prng.chance(0.7) ? farmName(prng) : personName(prng);
}

/** Race classes of a North American card, from the cheapest to the best. */
export const RACE_CLASSES = [
  'Maiden Claiming',
  'Maiden Special Weight',
  'Claiming',
  'Starter Allowance',
  'Allowance',
  'Allowance Optional Claiming',
  'Stakes',
  'Graded Stakes',
] as const;

export type RaceClass = (typeof RACE_CLASSES)[number];

export interface RaceNameOptions {
  /** Claiming or starter price in whole dollars, for the classes that have one. */
  price?: number;
  /** 1, 2 or 3 for graded stakes. */
  grade?: 1 | 2 | 3;
}

/** Whole dollars with thousands separators: 25000 → "$25,000". */
export function formatDollars(dollars: number): string {
  return `$${Math.round(dollars)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/**
 * The name a program shows for a race of this class: "Claiming $25,000", "Maiden Special Weight",
 * "The Lexington Stakes", "The Governor's Cup (G2)".
 */
export function raceName(prng: Prng, raceClass: RaceClass, options: RaceNameOptions = {}): string {
  const priced = (label: string): string =>
    options.price === undefined ? label : `${label} ${formatDollars(options.price)}`;
  switch (raceClass) {
    case 'Maiden Claiming':
    case 'Claiming':
    case 'Starter Allowance':
    case 'Allowance Optional Claiming':
      return priced(raceClass);
    case 'Maiden Special Weight':
    case 'Allowance':
      return raceClass;
    case 'Stakes':
      return stakesName(prng);
    case 'Graded Stakes':
      return `${stakesName(prng)} (G${options.grade ?? 3})`;
  }
}

function stakesName(prng: Prng): string {
  const roll = prng.next();
  const honoree =
    roll < 0.4
      ? prng.pick(RACING_LOCATIONS).name
      : roll < 0.7
        ? prng.pick(LAST_NAMES)
        : roll < 0.9
          ? prng.pick(STAKES_WORDS)
          : `${prng.pick(ADJECTIVES)} ${prng.pick(NOUNS)}`;
  return `The ${honoree} ${prng.pick(STAKES_SUFFIXES)}`;
}
