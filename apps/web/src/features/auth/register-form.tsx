import { messages, type RestaurantType, registerSchema, restaurantTypeLabels } from '@carte/domain';
import {
  Anchor,
  Center,
  Input,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { FormAlert } from '../../ui/form/form-alert.tsx';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError } from '../../ui/form/server-error.ts';
import { SubmitButton } from '../../ui/form/submit-button.tsx';
import { composePhone, DEFAULT_COUNTRY } from '../../ui/phone.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';

interface RegisterValues {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phoneNational: string;
  username: string;
  email: string;
  restaurantType: RestaurantType;
  restaurantName: string;
  password: string;
  confirm_password: string;
}

/** Each restaurant has the owner's browser time zone until changed in settings (decisions §4). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const toPayload = (values: RegisterValues) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  phoneNumber: composePhone(values.phoneCountry, values.phoneNational),
  username: values.username,
  email: values.email,
  restaurantType: values.restaurantType,
  restaurantName: values.restaurantName,
  timeZone: browserTimeZone(),
  password: values.password,
  confirm_password: values.confirm_password,
});

/** Server messages that name a field go under it. */
const serverFields = [
  ['username', 'username'],
  ['email', 'email'],
  ['phone', 'phoneNational'],
  ['restaurant name', 'restaurantName'],
  ['truck name', 'restaurantName'],
  ['confirm', 'confirm_password'],
  ['password', 'password'],
] as const;

const typeOptions = (['RESTAURANT', 'FOOD_TRUCK'] as const).map((type) => ({
  value: type,
  label: (
    <Center style={{ gap: 8 }}>
      {type === 'RESTAURANT' ? <IconBuildingStore size={16} /> : <IconTruck size={16} />}
      <span>{restaurantTypeLabels[type]}</span>
    </Center>
  ),
}));

export function RegisterForm() {
  const navigate = useNavigate();
  const captcha = useCaptcha('register');
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<RegisterValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      phoneCountry: DEFAULT_COUNTRY,
      phoneNational: '',
      username: '',
      email: '',
      restaurantType: 'RESTAURANT',
      restaurantName: '',
      password: '',
      confirm_password: '',
    },
    validate: schemaValidate(registerSchema, { toPayload, fields: { phoneNumber: 'phoneNational' } }),
    ...validateChangedOnBlur,
  });

  const typeLabel = restaurantTypeLabels[form.values.restaurantType];

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const reCaptchaToken = await captcha.getToken();
      const message = await usersApi.register({ ...toPayload(values), reCaptchaToken });
      navigate('/register?email_confirmation_sent=true', { state: { email: values.email.trim(), message } });
    } catch (error) {
      setFormError(applyServerError(form, error, serverFields));
    } finally {
      captcha.reset();
    }
  });

  return (
    <AuthCard
      width={560}
      title="Create your account"
      description="Start building your digital menu. It takes about a minute."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <PhoneInput
            country={form.values.phoneCountry}
            onCountryChange={(country) => form.setFieldValue('phoneCountry', country)}
            numberProps={form.getInputProps('phoneNational')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Username"
              autoComplete="username"
              withAsterisk
              {...form.getInputProps('username')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <Input.Wrapper label="Business type" id="restaurant-type" labelElement="div">
            <SegmentedControl
              fullWidth
              aria-labelledby="restaurant-type-label"
              data={typeOptions}
              value={form.values.restaurantType}
              onChange={(value) => {
                form.setFieldValue('restaurantType', value as RestaurantType);
                // The name's message says "Food truck name…" or "Restaurant name…" (doc 2 §5).
                if (form.errors.restaurantName) form.validateField('restaurantName');
              }}
            />
          </Input.Wrapper>
          <TextInput
            label={`${typeLabel} name`}
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps('restaurantName')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirm_password')}
            />
          </SimpleGrid>
          {!form.errors.password && (
            <Text size="xs" c="dimmed" mt={-8}>
              {messages.passwordHint}
            </Text>
          )}
          <input type="hidden" name="timeZone" value={browserTimeZone()} />
          {captcha.field}
          <SubmitButton form={form} fullWidth size="md">
            Create account
          </SubmitButton>
          <Text size="xs" c="dimmed" ta="center">
            We will email you a link to confirm your account.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
