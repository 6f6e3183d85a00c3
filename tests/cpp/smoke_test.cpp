#include <gtest/gtest.h>
#include "attention.h"
TEST(Smoke, Runs) {
  ap::Matrix Q(2, 2, 1.0);
  auto r = ap::attention(Q, Q, Q);
  ASSERT_TRUE(r.ok());
  EXPECT_DOUBLE_EQ(r.value.weights(0, 0), 0.5);
}
