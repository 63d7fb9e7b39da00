/**
 * United States: cities with their state (USPS code) and a sample of real ZIP codes. One entry a line,
 * fields separated by "|": cities `city|state`, ZIP codes `zip|state|city`.
 */
export const CITIES = `
New York|NY
Buffalo|NY
Rochester|NY
Yonkers|NY
Syracuse|NY
Albany|NY
New Rochelle|NY
Ithaca|NY
Schenectady|NY
Utica|NY
White Plains|NY
Binghamton|NY
Los Angeles|CA
San Diego|CA
San Jose|CA
San Francisco|CA
Fresno|CA
Sacramento|CA
Long Beach|CA
Oakland|CA
Bakersfield|CA
Anaheim|CA
Santa Ana|CA
Riverside|CA
Stockton|CA
Irvine|CA
Chula Vista|CA
Fremont|CA
San Bernardino|CA
Modesto|CA
Oxnard|CA
Fontana|CA
Huntington Beach|CA
Glendale|CA
Santa Clarita|CA
Pasadena|CA
Berkeley|CA
Santa Barbara|CA
Santa Monica|CA
Palo Alto|CA
Santa Cruz|CA
Palm Springs|CA
Springfield|CA
Chicago|IL
Aurora|IL
Naperville|IL
Joliet|IL
Rockford|IL
Springfield|IL
Peoria|IL
Elgin|IL
Champaign|IL
Evanston|IL
Houston|TX
San Antonio|TX
Dallas|TX
Austin|TX
Fort Worth|TX
El Paso|TX
Arlington|TX
Corpus Christi|TX
Plano|TX
Laredo|TX
Lubbock|TX
Irving|TX
Garland|TX
Frisco|TX
McKinney|TX
Amarillo|TX
Brownsville|TX
Waco|TX
Galveston|TX
Phoenix|AZ
Tucson|AZ
Mesa|AZ
Chandler|AZ
Scottsdale|AZ
Glendale|AZ
Gilbert|AZ
Tempe|AZ
Flagstaff|AZ
Philadelphia|PA
Pittsburgh|PA
Allentown|PA
Erie|PA
Reading|PA
Scranton|PA
Harrisburg|PA
Lancaster|PA
Jacksonville|FL
Miami|FL
Tampa|FL
Orlando|FL
St. Petersburg|FL
Hialeah|FL
Tallahassee|FL
Fort Lauderdale|FL
Cape Coral|FL
Gainesville|FL
Pensacola|FL
West Palm Beach|FL
Sarasota|FL
Naples|FL
Key West|FL
Daytona Beach|FL
Columbus|OH
Cleveland|OH
Cincinnati|OH
Toledo|OH
Akron|OH
Dayton|OH
Springfield|OH
Indianapolis|IN
Fort Wayne|IN
Evansville|IN
South Bend|IN
Bloomington|IN
Charlotte|NC
Raleigh|NC
Greensboro|NC
Durham|NC
Winston-Salem|NC
Fayetteville|NC
Wilmington|NC
Asheville|NC
Chapel Hill|NC
Seattle|WA
Spokane|WA
Tacoma|WA
Vancouver|WA
Bellevue|WA
Olympia|WA
Everett|WA
Denver|CO
Colorado Springs|CO
Aurora|CO
Fort Collins|CO
Boulder|CO
Lakewood|CO
Pueblo|CO
Washington|DC
Boston|MA
Worcester|MA
Springfield|MA
Cambridge|MA
Lowell|MA
Salem|MA
Nashville|TN
Memphis|TN
Knoxville|TN
Chattanooga|TN
Clarksville|TN
Detroit|MI
Grand Rapids|MI
Lansing|MI
Ann Arbor|MI
Flint|MI
Kalamazoo|MI
Oklahoma City|OK
Tulsa|OK
Norman|OK
Portland|OR
Eugene|OR
Salem|OR
Bend|OR
Las Vegas|NV
Henderson|NV
Reno|NV
Louisville|KY
Lexington|KY
Bowling Green|KY
Baltimore|MD
Annapolis|MD
Frederick|MD
Rockville|MD
Milwaukee|WI
Madison|WI
Green Bay|WI
Albuquerque|NM
Santa Fe|NM
Las Cruces|NM
Kansas City|MO
St. Louis|MO
Springfield|MO
Columbia|MO
Kansas City|KS
Wichita|KS
Topeka|KS
Overland Park|KS
Lawrence|KS
Atlanta|GA
Savannah|GA
Augusta|GA
Columbus|GA
Athens|GA
Macon|GA
Omaha|NE
Lincoln|NE
Minneapolis|MN
St. Paul|MN
Rochester|MN
Duluth|MN
New Orleans|LA
Baton Rouge|LA
Shreveport|LA
Lafayette|LA
Birmingham|AL
Montgomery|AL
Huntsville|AL
Mobile|AL
Tuscaloosa|AL
Charleston|SC
Columbia|SC
Greenville|SC
Myrtle Beach|SC
Virginia Beach|VA
Norfolk|VA
Richmond|VA
Arlington|VA
Alexandria|VA
Roanoke|VA
Charlottesville|VA
Newark|NJ
Jersey City|NJ
Paterson|NJ
Trenton|NJ
Atlantic City|NJ
Hoboken|NJ
Princeton|NJ
Salt Lake City|UT
Provo|UT
Ogden|UT
St. George|UT
Honolulu|HI
Hilo|HI
Anchorage|AK
Fairbanks|AK
Juneau|AK
Boise|ID
Idaho Falls|ID
Des Moines|IA
Cedar Rapids|IA
Iowa City|IA
Little Rock|AR
Fayetteville|AR
Jackson|MS
Gulfport|MS
Hartford|CT
New Haven|CT
Stamford|CT
Bridgeport|CT
Providence|RI
Newport|RI
Manchester|NH
Concord|NH
Portland|ME
Bangor|ME
Burlington|VT
Montpelier|VT
Wilmington|DE
Dover|DE
Charleston|WV
Morgantown|WV
Billings|MT
Missoula|MT
Bozeman|MT
Fargo|ND
Bismarck|ND
Sioux Falls|SD
Rapid City|SD
Cheyenne|WY
Casper|WY
`;

export const ZIPS = `
10001|NY|New York
10002|NY|New York
10003|NY|New York
10011|NY|New York
10016|NY|New York
10019|NY|New York
10025|NY|New York
10036|NY|New York
11201|NY|Brooklyn
14202|NY|Buffalo
14604|NY|Rochester
13202|NY|Syracuse
12207|NY|Albany
90001|CA|Los Angeles
90012|CA|Los Angeles
90024|CA|Los Angeles
90028|CA|Los Angeles
90210|CA|Beverly Hills
90401|CA|Santa Monica
91101|CA|Pasadena
92101|CA|San Diego
92102|CA|San Diego
95113|CA|San Jose
94102|CA|San Francisco
94103|CA|San Francisco
94110|CA|San Francisco
94612|CA|Oakland
94704|CA|Berkeley
95814|CA|Sacramento
93721|CA|Fresno
90802|CA|Long Beach
92614|CA|Irvine
60601|IL|Chicago
60602|IL|Chicago
60605|IL|Chicago
60611|IL|Chicago
60614|IL|Chicago
62701|IL|Springfield
61602|IL|Peoria
77001|TX|Houston
77002|TX|Houston
77006|TX|Houston
78201|TX|San Antonio
78205|TX|San Antonio
75201|TX|Dallas
75202|TX|Dallas
78701|TX|Austin
78704|TX|Austin
76102|TX|Fort Worth
79901|TX|El Paso
85001|AZ|Phoenix
85004|AZ|Phoenix
85701|AZ|Tucson
85281|AZ|Tempe
85251|AZ|Scottsdale
19102|PA|Philadelphia
19103|PA|Philadelphia
19107|PA|Philadelphia
15222|PA|Pittsburgh
32202|FL|Jacksonville
33101|FL|Miami
33130|FL|Miami
33139|FL|Miami Beach
33602|FL|Tampa
32801|FL|Orlando
32301|FL|Tallahassee
33301|FL|Fort Lauderdale
43215|OH|Columbus
44113|OH|Cleveland
45202|OH|Cincinnati
46204|IN|Indianapolis
28202|NC|Charlotte
27601|NC|Raleigh
27701|NC|Durham
98101|WA|Seattle
98104|WA|Seattle
98109|WA|Seattle
99201|WA|Spokane
80202|CO|Denver
80203|CO|Denver
80302|CO|Boulder
20001|DC|Washington
20002|DC|Washington
20500|DC|Washington
02108|MA|Boston
02109|MA|Boston
02116|MA|Boston
02139|MA|Cambridge
37201|TN|Nashville
37203|TN|Nashville
38103|TN|Memphis
48201|MI|Detroit
48226|MI|Detroit
48104|MI|Ann Arbor
73102|OK|Oklahoma City
74103|OK|Tulsa
97201|OR|Portland
97205|OR|Portland
89101|NV|Las Vegas
89109|NV|Las Vegas
89501|NV|Reno
40202|KY|Louisville
21201|MD|Baltimore
21202|MD|Baltimore
53202|WI|Milwaukee
53703|WI|Madison
87102|NM|Albuquerque
87501|NM|Santa Fe
64105|MO|Kansas City
63101|MO|St. Louis
67202|KS|Wichita
30303|GA|Atlanta
30309|GA|Atlanta
31401|GA|Savannah
68102|NE|Omaha
55401|MN|Minneapolis
55101|MN|St. Paul
70112|LA|New Orleans
70130|LA|New Orleans
35203|AL|Birmingham
29401|SC|Charleston
23451|VA|Virginia Beach
23219|VA|Richmond
07102|NJ|Newark
07302|NJ|Jersey City
84101|UT|Salt Lake City
96813|HI|Honolulu
99501|AK|Anchorage
83702|ID|Boise
50309|IA|Des Moines
72201|AR|Little Rock
06103|CT|Hartford
06510|CT|New Haven
02903|RI|Providence
03101|NH|Manchester
04101|ME|Portland
05401|VT|Burlington
19801|DE|Wilmington
57104|SD|Sioux Falls
58102|ND|Fargo
82001|WY|Cheyenne
59101|MT|Billings
`;
