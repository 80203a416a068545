/* The body every request gets: shared by the friction fixture, counted as a shared source. */
#define GREETING "Hello, World!"
