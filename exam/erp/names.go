package erp

// Word lists for generated people, companies and products. The data is
// fictional; names are common ones from many countries.

var firstNames = []string{
	"James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
	"William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
	"Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Margaret",
	"Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua", "Michelle",
	"Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "George", "Deborah", "Timothy", "Stephanie",
	"Ronald", "Rebecca", "Jason", "Sharon", "Edward", "Laura", "Jeffrey", "Cynthia", "Ryan", "Dorothy",
	"Jacob", "Amy", "Gary", "Kathleen", "Nicholas", "Angela", "Eric", "Shirley", "Jonathan", "Emma",
	"Priya", "Arjun", "Wei", "Mei", "Hiroshi", "Yuki", "Carlos", "Sofia", "Luis", "Valentina",
	"Ahmed", "Fatima", "Omar", "Aisha", "Lars", "Ingrid", "Pierre", "Camille", "Lukas", "Hannah",
	"Mateo", "Lucia", "Diego", "Isabella", "Chen", "Li", "Raj", "Ananya", "Kwame", "Amara",
	"Olivia", "Noah", "Liam", "Ava", "Ethan", "Mia", "Lucas", "Chloe", "Mason", "Zoe",
	"Grace", "Henry", "Nora", "Samuel", "Leah", "Isaac", "Ruth", "Aaron", "Julia", "Adrian",
}

var lastNames = []string{
	"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
	"Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
	"Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
	"Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
	"Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
	"Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
	"Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
	"Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
	"Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
	"Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
	"Chen", "Wang", "Zhang", "Liu", "Singh", "Kumar", "Sharma", "Tanaka", "Suzuki", "Sato",
	"Muller", "Schmidt", "Schneider", "Fischer", "Weber", "Dubois", "Laurent", "Rossi", "Bianchi", "Larsen",
	"Andersen", "Nielsen", "Okafor", "Mensah", "Haddad", "Khan", "Ali", "Novak", "Kowalski", "Silva",
	"Santos", "Costa", "Oliveira", "OBrien", "Murray", "Kennedy", "Fraser", "Hansen", "Berg", "Lindqvist",
}

var companyFirst = []string{
	"Apex", "Summit", "Northwind", "Bluewater", "Ironclad", "Pinnacle", "Redwood", "Silverline", "Granite", "Evergreen",
	"Horizon", "Keystone", "Lakeside", "Meridian", "Oakridge", "Pioneer", "Riverside", "Sterling", "Trident", "Vanguard",
	"Atlas", "Beacon", "Cascade", "Delta", "Eagle", "Frontier", "Golden Gate", "Harbor", "Insight", "Juniper",
	"Kestrel", "Liberty", "Monarch", "Nova", "Orion", "Prairie", "Quantum", "Ridgeline", "Sequoia", "Titan",
	"Unity", "Vertex", "Westfield", "Zenith", "Alpine", "Brightstar", "Cobalt", "Crescent", "Falcon", "Highland",
}

var companySecond = []string{
	"Manufacturing", "Industries", "Logistics", "Health Systems", "Energy", "Foods", "Construction", "Technologies",
	"Motors", "Pharmaceuticals", "Retail Group", "Engineering", "Hospitality", "Utilities", "Aerospace",
	"Medical Center", "Distribution", "Packaging", "Telecom", "Mining", "Farms", "Automation", "Water Authority",
	"Transit", "Steel", "Plastics", "Labs", "Outfitters", "Supply", "Holdings",
}

var companySuffix = []string{"Inc.", "LLC", "Corp.", "Ltd.", "Co.", "Group", "GmbH", "S.A.", "PLC", ""}

var jobTitlesExternal = []string{
	"Purchasing Manager", "Procurement Specialist", "Operations Director", "Plant Manager", "IT Director",
	"Facilities Manager", "CFO", "Controller", "Maintenance Supervisor", "Engineering Manager", "Buyer",
	"Supply Chain Analyst", "VP Operations", "Office Manager",
}
