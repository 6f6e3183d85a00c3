#include "experiments.h"
