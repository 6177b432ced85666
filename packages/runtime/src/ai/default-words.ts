// The words generated Text is made of (docs/testing.md: "readable words"). Fixed: changing this list
// changes every generated default, so only ever append.
export const DEFAULT_WORDS: readonly string[] = [
  "apple", "bread", "river", "window", "garden", "quiet", "orange", "table", "paper", "light",
  "stone", "water", "music", "yellow", "morning", "evening", "market", "little", "simple", "happy",
  "green", "friendly", "honest", "bright", "gentle", "early", "late", "warm", "cold", "fresh",
  "house", "street", "city", "village", "forest", "mountain", "ocean", "island", "bridge", "road",
  "train", "bicycle", "letter", "story", "answer", "question", "reason", "idea", "plan", "list",
  "order", "basket", "butter", "cheese", "honey", "lemon", "flour", "sugar", "salt", "pepper",
  "coffee", "tea", "milk", "cake", "bakery", "oven", "kitchen", "spoon", "plate", "cup",
  "chair", "door", "floor", "roof", "wall", "lamp", "clock", "book", "pencil", "desk",
  "friend", "neighbour", "teacher", "baker", "farmer", "doctor", "driver", "artist", "writer", "guest",
  "cat", "dog", "bird", "horse", "rabbit", "fox", "bee", "fish", "sheep", "goat",
  "red", "blue", "purple", "silver", "golden", "brown", "white", "black", "pink", "grey",
  "small", "large", "short", "long", "round", "square", "soft", "smooth", "clean", "busy",
  "calm", "clever", "kind", "brave", "careful", "patient", "polite", "proud", "curious", "lucky",
  "today", "tomorrow", "yesterday", "weekend", "summer", "winter", "spring", "autumn", "season", "holiday",
  "walk", "read", "write", "bake", "cook", "sing", "dance", "build", "paint", "travel",
  "open", "close", "carry", "share", "help", "find", "keep", "bring", "send", "visit",
  "north", "south", "east", "west", "corner", "centre", "middle", "edge", "path", "field",
  "cloud", "rain", "snow", "wind", "sun", "moon", "star", "sky", "storm", "breeze",
  "note", "ticket", "parcel", "bottle", "jar", "box", "bag", "coat", "hat", "scarf",
  "good", "fine", "ready", "useful", "plain", "steady", "lovely", "nice", "clear", "sweet",
];
