/**
 * United Kingdom: towns and cities with their nation (England, Scotland, Wales, Northern Ireland) and a sample
 * of real postcodes. One entry a line, fields separated by "|": cities `city|state`, postcodes `postcode|state|city`.
 */
export const CITIES = `
London|England
Birmingham|England
Manchester|England
Liverpool|England
Leeds|England
Sheffield|England
Bristol|England
Newcastle upon Tyne|England
Nottingham|England
Leicester|England
Coventry|England
Bradford|England
Southampton|England
Portsmouth|England
Brighton|England
Plymouth|England
Stoke-on-Trent|England
Wolverhampton|England
Derby|England
Reading|England
Milton Keynes|England
Northampton|England
Luton|England
Norwich|England
Sunderland|England
Preston|England
Bournemouth|England
Swindon|England
Oxford|England
Cambridge|England
York|England
Peterborough|England
Ipswich|England
Exeter|England
Gloucester|England
Cheltenham|England
Bath|England
Canterbury|England
Chester|England
Lancaster|England
Lincoln|England
Worcester|England
Hereford|England
Salisbury|England
Winchester|England
Durham|England
Carlisle|England
Hull|England
Middlesbrough|England
Blackpool|England
Bolton|England
Wigan|England
Stockport|England
Oldham|England
Huddersfield|England
Wakefield|England
Doncaster|England
Rotherham|England
Barnsley|England
Harrogate|England
Scarborough|England
Chelmsford|England
Colchester|England
Southend-on-Sea|England
Watford|England
St Albans|England
Guildford|England
Crawley|England
Maidstone|England
Basingstoke|England
Slough|England
High Wycombe|England
Bedford|England
Torquay|England
Truro|England
Warrington|England
Telford|England
Shrewsbury|England
Stafford|England
Glasgow|Scotland
Edinburgh|Scotland
Aberdeen|Scotland
Dundee|Scotland
Inverness|Scotland
Stirling|Scotland
Perth|Scotland
Paisley|Scotland
Ayr|Scotland
Kilmarnock|Scotland
Dunfermline|Scotland
St Andrews|Scotland
Fort William|Scotland
Oban|Scotland
Cardiff|Wales
Swansea|Wales
Newport|Wales
Wrexham|Wales
Bangor|Wales
Aberystwyth|Wales
Llandudno|Wales
Carmarthen|Wales
Merthyr Tydfil|Wales
Bridgend|Wales
Belfast|Northern Ireland
Derry|Northern Ireland
Lisburn|Northern Ireland
Newry|Northern Ireland
Armagh|Northern Ireland
Bangor|Northern Ireland
Ballymena|Northern Ireland
Enniskillen|Northern Ireland
Coleraine|Northern Ireland
Omagh|Northern Ireland
`;

export const ZIPS = `
EC1A 1BB|England|London
SW1A 1AA|England|London
SW1A 2AA|England|London
W1A 1AA|England|London
WC2N 5DU|England|London
E1 6AN|England|London
N1 9GU|England|London
SE1 9SG|England|London
NW1 2DB|England|London
M1 1AE|England|Manchester
M2 5DB|England|Manchester
M4 1HQ|England|Manchester
B1 1BB|England|Birmingham
B2 4QA|England|Birmingham
L1 8JQ|England|Liverpool
L3 4FP|England|Liverpool
LS1 1UR|England|Leeds
LS1 4DY|England|Leeds
S1 2HE|England|Sheffield
BS1 4DJ|England|Bristol
BS1 5TR|England|Bristol
NE1 7RU|England|Newcastle upon Tyne
NG1 5FS|England|Nottingham
LE1 5YA|England|Leicester
CV1 1FB|England|Coventry
BD1 1HY|England|Bradford
SO14 7DU|England|Southampton
PO1 2EG|England|Portsmouth
BN1 1AE|England|Brighton
BN2 1TW|England|Brighton
PL1 2AA|England|Plymouth
DE1 2FS|England|Derby
RG1 2LU|England|Reading
MK9 2FP|England|Milton Keynes
NR2 1NH|England|Norwich
OX1 3BG|England|Oxford
OX1 2JD|England|Oxford
CB2 1TN|England|Cambridge
CB2 3QZ|England|Cambridge
YO1 7HH|England|York
EX1 1HS|England|Exeter
BA1 1LZ|England|Bath
CT1 2EH|England|Canterbury
CH1 2HS|England|Chester
HU1 2AA|England|Hull
G1 1XQ|Scotland|Glasgow
G2 8DL|Scotland|Glasgow
EH1 1YZ|Scotland|Edinburgh
EH1 2NG|Scotland|Edinburgh
EH8 8DX|Scotland|Edinburgh
AB10 1XG|Scotland|Aberdeen
DD1 4HN|Scotland|Dundee
IV1 1JJ|Scotland|Inverness
FK8 1EJ|Scotland|Stirling
KY16 9AJ|Scotland|St Andrews
CF10 1EP|Wales|Cardiff
CF10 3NP|Wales|Cardiff
SA1 3SN|Wales|Swansea
NP20 1GA|Wales|Newport
LL57 2DG|Wales|Bangor
SY23 2AX|Wales|Aberystwyth
BT1 5GS|Northern Ireland|Belfast
BT1 6DP|Northern Ireland|Belfast
BT7 1NN|Northern Ireland|Belfast
BT48 6DQ|Northern Ireland|Derry
BT28 1AG|Northern Ireland|Lisburn
`;
