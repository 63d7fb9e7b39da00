/** Names, places and phrases the demo profiles are made from. */

export const WOMEN_NAMES = {
  en: [
    'Emma', 'Olivia', 'Sophie', 'Isabella', 'Mia', 'Charlotte', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Ella',
    'Grace', 'Chloe', 'Lily', 'Hannah', 'Zoe', 'Natalie', 'Victoria', 'Madison', 'Scarlett', 'Aria', 'Layla', 'Nora',
    'Riley', 'Stella', 'Hazel', 'Aurora', 'Savannah', 'Audrey', 'Claire', 'Lucy', 'Ruby', 'Alice', 'Jessica', 'Megan',
    'Holly', 'Poppy', 'Freya', 'Imogen', 'Rosie', 'Daisy', 'Jasmine', 'Maya', 'Leah', 'Naomi', 'Gabriela', 'Camila',
    'Valentina', 'Lucia', 'Priya', 'Aisha', 'Yasmin', 'Mei', 'Hana', 'Keisha', 'Tiana', 'Amara', 'Nadia', 'Layla',
    'Rachel', 'Samantha', 'Brooke', 'Jenna', 'Kayla', 'Paige', 'Tessa', 'Molly', 'Eva', 'Ivy',
  ],
  de: [
    'Anna', 'Lena', 'Lea', 'Hannah', 'Laura', 'Julia', 'Sarah', 'Lisa', 'Katharina', 'Johanna', 'Marie', 'Sophia',
    'Clara', 'Emilia', 'Greta', 'Frieda', 'Paula', 'Carla', 'Jana', 'Nina', 'Franziska', 'Miriam', 'Sabine', 'Petra',
    'Selin', 'Elif', 'Leonie', 'Melanie', 'Vanessa', 'Svenja',
  ],
} as const;

export const MEN_NAMES = {
  en: [
    'Liam', 'Noah', 'Oliver', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Alexander', 'Jack', 'Daniel', 'Michael',
    'Ethan', 'Mason', 'Logan', 'Samuel', 'David', 'Joseph', 'Carter', 'Owen', 'Harry', 'George', 'Charlie', 'Thomas',
    'Oscar', 'Marcus', 'Andre', 'Diego', 'Mateo', 'Omar', 'Ravi', 'Kenji', 'Malik', 'Jordan', 'Ryan', 'Nathan',
  ],
  de: ['Lukas', 'Jonas', 'Leon', 'Felix', 'Paul', 'Maximilian', 'Finn', 'Tobias', 'Jan', 'Florian', 'Stefan', 'Moritz', 'Emre', 'Niklas'],
} as const;

export interface City {
  city: string;
  state: string;
  zip: string;
}

export const CITIES: Record<'US' | 'GB' | 'DE', readonly City[]> = {
  US: [
    { city: 'New York', state: 'NY', zip: '10001' },
    { city: 'Los Angeles', state: 'CA', zip: '90012' },
    { city: 'Chicago', state: 'IL', zip: '60601' },
    { city: 'Houston', state: 'TX', zip: '77002' },
    { city: 'Miami', state: 'FL', zip: '33130' },
    { city: 'Seattle', state: 'WA', zip: '98101' },
    { city: 'Austin', state: 'TX', zip: '73301' },
    { city: 'Denver', state: 'CO', zip: '80202' },
    { city: 'Boston', state: 'MA', zip: '02108' },
    { city: 'San Diego', state: 'CA', zip: '92101' },
    { city: 'Atlanta', state: 'GA', zip: '30303' },
    { city: 'Phoenix', state: 'AZ', zip: '85004' },
    { city: 'Portland', state: 'OR', zip: '97204' },
    { city: 'Nashville', state: 'TN', zip: '37203' },
    { city: 'Las Vegas', state: 'NV', zip: '89101' },
    { city: 'San Francisco', state: 'CA', zip: '94103' },
  ],
  GB: [
    { city: 'London', state: 'England', zip: 'EC1A 1BB' },
    { city: 'Manchester', state: 'England', zip: 'M1 1AE' },
    { city: 'Birmingham', state: 'England', zip: 'B1 1BB' },
    { city: 'Leeds', state: 'England', zip: 'LS1 1UR' },
    { city: 'Liverpool', state: 'England', zip: 'L1 8JQ' },
    { city: 'Bristol', state: 'England', zip: 'BS1 4DJ' },
    { city: 'Brighton', state: 'England', zip: 'BN1 1AE' },
    { city: 'Newcastle upon Tyne', state: 'England', zip: 'NE1 7RU' },
    { city: 'Glasgow', state: 'Scotland', zip: 'G1 1XQ' },
    { city: 'Edinburgh', state: 'Scotland', zip: 'EH1 1YZ' },
    { city: 'Cardiff', state: 'Wales', zip: 'CF10 1EP' },
    { city: 'Belfast', state: 'Northern Ireland', zip: 'BT1 5GS' },
  ],
  DE: [
    { city: 'Berlin', state: 'Berlin', zip: '10115' },
    { city: 'Hamburg', state: 'Hamburg', zip: '20095' },
    { city: 'München', state: 'Bayern', zip: '80331' },
    { city: 'Köln', state: 'Nordrhein-Westfalen', zip: '50667' },
    { city: 'Frankfurt am Main', state: 'Hessen', zip: '60311' },
    { city: 'Stuttgart', state: 'Baden-Württemberg', zip: '70173' },
    { city: 'Düsseldorf', state: 'Nordrhein-Westfalen', zip: '40213' },
    { city: 'Leipzig', state: 'Sachsen', zip: '04109' },
    { city: 'Dresden', state: 'Sachsen', zip: '01067' },
    { city: 'Hannover', state: 'Niedersachsen', zip: '30159' },
    { city: 'Nürnberg', state: 'Bayern', zip: '90402' },
    { city: 'Bremen', state: 'Bremen', zip: '28195' },
  ],
};

/** Interest tags ("looking for" on the profile card). */
export const INTEREST_TAGS = [
  'travel', 'music', 'cooking', 'fitness', 'movies', 'reading', 'hiking', 'dancing', 'art', 'photography', 'yoga', 'wine',
  'gaming', 'pets', 'beach', 'nightlife', 'fashion', 'sports', 'coffee', 'theatre', 'cycling', 'running', 'gardening',
  'concerts', 'board games', 'road trips', 'sushi', 'comedy', 'nature', 'festivals',
] as const;

export const ABOUT_OPENERS = [
  'Coffee first, adventures second.',
  'Sunny mood, sarcastic humour, big heart.',
  'New in town and curious about everything.',
  'I laugh a lot, mostly at my own jokes.',
  'Weekend explorer, weekday planner.',
  'Bookworm by night, trail runner by day.',
  'Honest, easy-going and a little bit nerdy.',
  'I collect concert tickets and bad puns.',
  'Part-time chef, full-time foodie.',
  'Always up for a spontaneous road trip.',
  'Calm on the outside, dancing on the inside.',
  'Life is short, so I order dessert first.',
  'Dog person who secretly loves cats too.',
  'Good conversation is my favourite thing.',
  'I believe in sunsets, second chances and strong espresso.',
  'Just a simple person with complicated playlists.',
];

export const ABOUT_INTERESTS = [
  'You will usually find me {a} or planning my next bit of {b}.',
  'My perfect Sunday involves {a}, {b} and absolutely no alarm clock.',
  'I am passionate about {a} and I am slowly getting good at {b}.',
  'Ask me about {a} and I will talk for hours. {b} is my other weakness.',
  'Lately I have been into {a}, and I never say no to {b}.',
  'Friends say I am the one who always suggests {a}. I also love {b}.',
];

export const ABOUT_CLOSERS = [
  'Looking for someone who can make me laugh.',
  'Say hi and tell me your favourite place in the world.',
  'Send me a message if you like good stories.',
  'Let us see where a little chat takes us.',
  'Bonus points if you can recommend a good book.',
  'Tell me something that made you smile today.',
  'Kindness and a good sense of humour win me over.',
  'I reply faster to people who ask good questions.',
];
